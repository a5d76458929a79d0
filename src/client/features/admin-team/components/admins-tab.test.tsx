// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTeamResponseSchema, SINGLE_PASSWORD_ADMIN, type AdminMeResponse, type AdminTeamMember } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi, type Call } from '../../admin-shared/test/stub-api';
import { AdminsTab } from './admins-tab';

// The Admins tab (docs/decisions/042): the team, 'Invite admin', and per row deactivate or reactivate and reset
// two-factor, each after a confirmation. Answers are checked against the wire schema the server sends.

afterEach(() => vi.unstubAllGlobals());

const member = (o: Partial<AdminTeamMember>): AdminTeamMember => ({
  id: 1,
  name: 'Zara Owner',
  email: 'zara@example.com',
  role: 'owner',
  status: 'active',
  twoFactor: true,
  recoveryCodesLeft: 10,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSignInAt: '2026-03-05T04:30:00.000Z',
  ...o,
});
const zara = member({});
const ravi = member({ id: 2, name: 'Ravi Staff', email: 'ravi@example.com', role: 'staff', twoFactor: true, recoveryCodesLeft: 1, lastSignInAt: null });
const neha = member({ id: 3, name: 'Neha New', email: 'neha@example.com', role: 'staff', status: 'invited', twoFactor: false, recoveryCodesLeft: 0 });
const owner: AdminMeResponse = { id: 1, name: 'Zara Owner', email: 'zara@example.com', role: 'owner', twoFactor: true };

function serve(team: AdminTeamMember[], other: (c: Call) => Response | undefined = () => undefined) {
  return stubApi((c) =>
    c.method === 'GET' && c.path === '/api/admin/admins' ? json(adminTeamResponseSchema.parse({ admins: team, nextCursor: null })) : other(c),
  );
}
/** The team table (the phone cards repeat the same buttons, hidden by CSS on wide screens). */
const table = async () => screen.findByRole('table', { name: 'Admin team' });
const teamReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/admins').length;

describe('the Admins tab', () => {
  it('lists the team with role, status and two-factor in words, and no actions on one’s own row', async () => {
    serve([zara, ravi, neha]);
    renderWithApp(<AdminsTab me={owner} />);
    const table = await screen.findByRole('table', { name: 'Admin team' });
    const [, own, staff, invited] = within(table).getAllByRole('row');
    expect(own).toHaveTextContent(/Zara Owner.*zara@example\.com.*Owner.*Active.*On, 10 recovery codes left.*05\/03\/2026 10:00.*Your account/);
    expect(within(own!).queryByRole('button')).toBeNull();
    expect(staff).toHaveTextContent(/Staff.*Active.*On, 1 recovery code left.*Never/);
    expect(within(staff!).getByRole('button', { name: 'Reset two-factor of Ravi Staff' })).toBeInTheDocument();
    expect(invited).toHaveTextContent(/Invited.*Off/);
    expect(within(invited!).getByRole('button', { name: 'Resend invitation to Neha New' })).toBeInTheDocument();
  });

  it('invites an admin, says so and reads the team again', async () => {
    const user = userEvent.setup();
    const calls = serve([zara], (c) =>
      c.method === 'POST' && c.path === '/api/admin/admins'
        ? json({ admin: { id: 4, name: 'Asha Mir', email: 'asha@example.com', role: 'staff' } }, 201)
        : undefined,
    );
    renderWithApp(<AdminsTab me={owner} />);
    await screen.findByRole('table', { name: 'Admin team' });
    await user.click(screen.getByRole('button', { name: 'Invite admin' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Asha Mir');
    await user.type(screen.getByLabelText('Email'), 'Asha@Example.com');
    expect(screen.getByLabelText('Role')).toHaveValue('staff');
    await user.click(screen.getByRole('button', { name: 'Invite admin' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Asha Mir', email: 'asha@example.com', role: 'staff' });
    await waitFor(() => expect(teamReads(calls)).toBe(2));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('the single shared password may invite only the first owner', async () => {
    const user = userEvent.setup();
    const calls = serve([], (c) =>
      c.method === 'POST' ? json({ admin: { id: 1, name: 'Zara Owner', email: 'zara@example.com', role: 'owner' } }, 201) : undefined,
    );
    renderWithApp(<AdminsTab me={{ ...SINGLE_PASSWORD_ADMIN, email: null, twoFactor: false }} />);
    expect(await screen.findByText('No named admins yet. Invite the first owner above.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.getByText('The first named admin is an owner.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Zara Owner');
    await user.type(screen.getByLabelText('Email'), 'zara@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite admin' }));
    await screen.findByText('Invitation sent');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Zara Owner', email: 'zara@example.com', role: 'owner' });
  });

  it('deactivates only after a confirmation that says their sessions end at once', async () => {
    const user = userEvent.setup();
    const calls = serve([zara, ravi], (c) =>
      c.method === 'PATCH' ? json({ message: 'Admin deactivated', admin: { ...ravi, status: 'inactive' } }) : undefined,
    );
    renderWithApp(<AdminsTab me={owner} />);
    await user.click(within(await table()).getByRole('button', { name: 'Deactivate Ravi Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Admin' });
    expect(dialog).toHaveTextContent('Ravi Staff can no longer sign in, and their sessions end at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(await table()).getByRole('button', { name: 'Deactivate Ravi Staff' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Deactivate Admin' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Admin deactivated. Their sessions have ended.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({ method: 'PATCH', path: '/api/admin/admins/2', body: { active: false } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resets a second factor after a confirmation, and shows a refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = serve([zara, ravi], (c) =>
      c.method === 'POST' && c.path === '/api/admin/admins/2/reset-two-factor'
        ? refuse
          ? json({ message: 'At least one other active owner must remain.', code: 'admin_last_owner' }, 409)
          : json({ message: 'A new enrolment link was sent.' })
        : undefined,
    );
    renderWithApp(<AdminsTab me={owner} />);
    await user.click(within(await table()).getByRole('button', { name: 'Reset two-factor of Ravi Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Two-factor' });
    expect(dialog).toHaveTextContent('their sessions end at once');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('At least one other active owner must remain.')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('A new enrolment link was sent.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/reset-two-factor'))).toHaveLength(2);
  });
});
