// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUsersResponseSchema, userStatusResponseSchema, type AdminUser } from '../../../../shared/schemas/admin';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { UsersTab } from './users-tab';

// The Medical Reps and Clinics tabs (spec part 2, 2.5): deactivating an account ends its sessions at once, so it is
// asked first, naming the account and what happens; activating one again is a single tap.

afterEach(() => vi.unstubAllGlobals());

const asha: AdminUser = {
  id: 7,
  type: 'medrep',
  name: 'Asha Verma',
  email: 'asha@example.com',
  status: 'active',
  company: 'Sun Pharma',
  phone: '9876543210',
  state: 'Jammu and Kashmir',
  subscriptionStatus: 'free_trial',
  contact_person: null,
  contact_number: null,
  city: null,
  created_at: '2026-03-01T10:00:00.000Z',
};
const lalChowk: AdminUser = {
  ...asha,
  id: 3,
  type: 'clinic',
  name: 'Lal Chowk Clinic',
  email: 'lal.chowk@example.com',
  company: null,
  phone: null,
  subscriptionStatus: null,
  contact_person: 'Aijaz Dar',
  contact_number: '9000000001',
  city: 'Srinagar',
};

function serve(user: AdminUser) {
  return stubApi((c) => {
    if (c.method === 'GET' && c.path.startsWith('/api/admin/users'))
      return json(adminUsersResponseSchema.parse({ users: [user], nextCursor: null, total: { count: 1, exact: true } }));
    if (c.method === 'PATCH' && c.path === `/api/admin/users/${user.id}/status`) {
      const { status } = c.body as { status: 'active' | 'inactive' };
      return json(userStatusResponseSchema.parse({ status, message: 'done' }));
    }
  });
}
const patches = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.method === 'PATCH');
const firstRow = async (table: string) => within(await screen.findByRole('table', { name: table })).getAllByRole('row')[1]!;

describe('the users tab status toggle', () => {
  it('asks before deactivating a rep, naming them and what it does; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const calls = serve(asha);
    renderWithApp(<UsersTab type="medrep" />);
    await user.click(within(await firstRow('Medical representatives')).getByRole('button', { name: 'Deactivate Asha Verma' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Medical Rep' });
    expect(dialog).toHaveTextContent('Asha Verma can no longer sign in, and their sessions end at once. You can activate the account again later.');
    expect(patches(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(calls)).toEqual([]);

    await user.click(within(await firstRow('Medical representatives')).getByRole('button', { name: 'Deactivate Asha Verma' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Deactivate Medical Rep' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Asha Verma is now inactive.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ method: 'PATCH', path: '/api/admin/users/7/status', body: { userType: 'medrep', status: 'inactive' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before deactivating a clinic, which reps then no longer find', async () => {
    const user = userEvent.setup();
    const calls = serve(lalChowk);
    renderWithApp(<UsersTab type="clinic" />);
    await user.click(within(await firstRow('Clinics')).getByRole('button', { name: 'Deactivate Lal Chowk Clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Clinic' });
    expect(dialog).toHaveTextContent('Lal Chowk Clinic can no longer sign in, its sessions end at once, and reps no longer find it to book.');
    expect(patches(calls)).toEqual([]);
  });

  it('activates an inactive rep in one tap', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...asha, status: 'inactive' });
    renderWithApp(<UsersTab type="medrep" />);
    await user.click(within(await firstRow('Medical representatives')).getByRole('button', { name: 'Activate Asha Verma' }));
    expect(await screen.findByText('Asha Verma is now active.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(calls)).toEqual([{ method: 'PATCH', path: '/api/admin/users/7/status', body: { userType: 'medrep', status: 'active' } }]);
  });
});
