// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEAM_MESSAGES } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { AdminLoginForm } from './admin-login-form';

// The gate (spec part 2, 2.5; docs/decisions/042): the single password until a named owner has enrolled, then e-mail,
// password and code, with the spec's refusal texts either way.

afterEach(() => vi.unstubAllGlobals());

describe('the admin gate', () => {
  it('in team mode asks for e-mail, password and code, sends all three, and refuses in the spec words', async () => {
    const user = userEvent.setup();
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/admin/gate') return json({ mode: 'team', adminOff: false });
      if (method === 'POST' && path === '/api/admin/authenticate') return json({ message: 'Invalid admin credentials' }, 401);
    });
    renderWithApp(<AdminLoginForm />);
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAccessibleDescription(ADMIN_TEAM_MESSAGES.codeHint);
    expect(screen.queryByLabelText('Admin password')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'Owner@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Owner!Pass12345');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid admin credentials').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/api/admin/authenticate')?.body).toEqual({ email: 'owner@example.com', password: 'Owner!Pass12345', code: '123456' });
    // A refused code is not left to be sent again.
    expect(code).toHaveValue('');
  });

  it('sent without a code, shows the refusal that asks for one and puts the focus on the code, keeping the password', async () => {
    const user = userEvent.setup();
    const asked = 'Check your e-mail and password. If your account has two-factor sign-in, enter the code too.';
    stubApi(({ path }) => {
      if (path === '/api/admin/gate') return json({ mode: 'team', adminOff: false });
      if (path === '/api/admin/authenticate') return json({ message: asked, code: 'two_factor_required' }, 401);
    });
    renderWithApp(<AdminLoginForm />);
    await user.type(await screen.findByLabelText('Email'), 'staff@example.com');
    await user.type(screen.getByLabelText('Password'), 'Staff!Pass12345');
    await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(asked);
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('Staff!Pass12345');
  });

  it('in password mode is the spec form, and turns to the team form when the server says a named owner exists', async () => {
    const user = userEvent.setup();
    let mode = 'password';
    const calls = stubApi(({ path }) => {
      if (path === '/api/admin/gate') return json({ mode, adminOff: false });
      if (path === '/api/admin/authenticate') {
        mode = 'team';
        return json({ message: 'Sign in with your e-mail address, password and authenticator code.', code: 'admin_team_required' }, 401);
      }
    });
    renderWithApp(<AdminLoginForm />);
    await user.type(await screen.findByLabelText('Admin password'), 'Admin!Pass123');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(calls.find((c) => c.path === '/api/admin/authenticate')?.body).toEqual({ password: 'Admin!Pass123' });
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
  });
});
