// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clinicTeamResponseSchema, type ClinicTeamMember } from '../../../../shared/schemas/clinic-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi, type Call } from '../../admin-shared/test/stub-api';
import { TeamTab } from './team-tab';

// The clinic's Team tab (docs/decisions/072-clinic-team.md): the owner's actions, a confirmation before deactivating,
// and a manager's read-only list. Answers are checked against the wire schema the server sends.

afterEach(() => vi.unstubAllGlobals());

const owner: ClinicTeamMember = { id: 0, name: 'Asha Kaul', email: 'asha@example.com', role: 'owner', status: 'active', lastSignInAt: null };
const ravi: ClinicTeamMember = { id: 7, name: 'Ravi Bhat', email: 'ravi@example.com', role: 'reception', status: 'active', lastSignInAt: null };

function serve(other: (c: Call) => Response | undefined = () => undefined) {
  return stubApi((c) => (c.method === 'GET' && c.path === '/api/clinic/team' ? json(clinicTeamResponseSchema.parse({ members: [owner, ravi] })) : other(c)));
}

describe('the Team tab', () => {
  it('asks before deactivating, then sends active: false', async () => {
    const user = userEvent.setup();
    const calls = serve((c) => (c.method === 'PATCH' ? json({ member: { ...ravi, status: 'inactive' }, message: 'ok' }) : undefined));
    renderWithApp(<TeamTab canChange />);
    expect(await screen.findByRole('heading', { name: 'Invite a team member' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Team members' })).getAllByTestId('team-member');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate team member' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/api/clinic/team/7', body: { active: false } }));
  });

  it('shows a manager the team without the invitation form or any action', async () => {
    serve();
    renderWithApp(<TeamTab canChange={false} />);
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(within(list).getAllByTestId('team-member')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Invite a team member' })).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(within(list).queryByRole('combobox')).toBeNull();
  });
});
