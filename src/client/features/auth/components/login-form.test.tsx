// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
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

describe('LoginForm (clinic)', () => {
  afterEach(() => localStorage.clear());

  it("shows the clinic's messages under the fields and in the 'Reset Password' dialog", async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm userType="clinic" onBack={() => {}} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'clinic@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('says under the form when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm userType="clinic" onBack={() => {}} />);
    await user.type(screen.getByLabelText('Email'), 'clinic@example.com');
    await user.type(screen.getByLabelText('Password'), 'Clinic!Pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});
