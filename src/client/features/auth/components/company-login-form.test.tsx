// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { CompanyLoginForm } from './company-login-form';

describe('CompanyLoginForm', () => {
  it('shows the login messages under the fields and opens the company forgot-password dialog', async () => {
    const user = userEvent.setup();
    renderWithApp(<CompanyLoginForm />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByText("Enter your company's email address and we will send you a link to reset your password.")).toBeInTheDocument();
  });

  it('prefills the e-mail it is given and says a failed sign-in under the form', async () => {
    const user = userEvent.setup();
    renderWithApp(<CompanyLoginForm email="meera@example.com" />);
    expect(screen.getByLabelText('Email')).toHaveValue('meera@example.com');
    await user.type(screen.getByLabelText('Password'), 'Company!Pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // No server answers in this test: the refusal shows in the form, as the clinic's does, and the password is cleared.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
