// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRemembered } from '../lib/device-storage';
import { renderWithApp } from '../test/render';
import { LoginForm } from './login-form';

describe('LoginForm (rep)', () => {
  afterEach(() => localStorage.clear());

  it("prefills the e-mail and ticks 'Remember me' from the device", () => {
    writeRemembered('medrep', 'ravi@example.com', true);
    renderWithApp(<LoginForm userType="medrep" onBack={() => {}} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ravi@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('shows the login messages and opens the forgot-password dialog', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm userType="medrep" onBack={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const send = await screen.findByRole('button', { name: 'Send Reset Link' });
    await user.click(send);
    expect(await screen.findByText('Please enter your email address first.')).toBeInTheDocument();
  });

  it('tells the user when the server cannot be reached', async () => {
    // No server answers in this test: the network error message of the spec shows in a 'Login Failed' toast.
    const user = userEvent.setup();
    renderWithApp(<LoginForm userType="medrep" onBack={() => {}} />);
    await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
    await user.type(screen.getByLabelText('Password'), 'Rep!Pass123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
  });
});
