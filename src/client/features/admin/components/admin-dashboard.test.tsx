// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUsersResponseSchema } from '../../../../shared/schemas/admin';
import { SINGLE_PASSWORD_ADMIN, type AdminMeResponse } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { AdminDashboard } from './admin-dashboard';

// Who sees what (docs/decisions/042): staff have no Admins tab, no Restart Server and no account deletes; the single
// shared password is asked to create the named owner and may open the Admins tab for it.

afterEach(() => vi.unstubAllGlobals());

const rep = {
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

function serve(me: AdminMeResponse) {
  return stubApi(({ path }) => {
    if (path === '/api/admin/me') return json(me);
    if (path === '/api/admin/stats')
      return json({
        totalClinics: 1,
        totalMedicalReps: 1,
        totalCompanies: 0,
        verifiedCompanies: 0,
        totalAppointments: 0,
        activeSubscriptions: 0,
        systemHealth: 'healthy',
      });
    if (path.startsWith('/api/admin/users')) return json(adminUsersResponseSchema.parse({ users: [rep], nextCursor: null, total: { count: 1, exact: true } }));
    if (path.startsWith('/api/admin/admins')) return json({ admins: [], nextCursor: null });
  });
}

const repsTable = () => screen.findByRole('table', { name: 'Medical representatives' });

describe('the admin dashboard by role', () => {
  it('hides the owner-only controls from staff', async () => {
    serve({ id: 2, name: 'Ravi Staff', email: 'ravi@example.com', role: 'staff', twoFactor: true });
    renderWithApp(<AdminDashboard />, { path: '/admin?tab=admins' });
    expect(await screen.findByText('Signed in as Ravi Staff (Staff)')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Admin sections' });
    expect(within(tabs).getByRole('tab', { name: 'Audit' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Security' })).toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Admins' })).toBeNull();
    // A link to the Admins tab opens the first tab instead.
    expect(within(tabs).getByRole('tab', { name: 'Medical Reps' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Restart Server' })).toBeNull();
    const row = within(await repsTable()).getAllByRole('row')[1]!;
    expect(within(row).getByRole('button', { name: 'Deactivate Asha Verma' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete Asha Verma' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Create the named owner' })).toBeNull();
  });

  it('asks the single shared password to create the named owner, and its link opens the Admins tab', async () => {
    const user = userEvent.setup();
    serve({ ...SINGLE_PASSWORD_ADMIN, email: null, twoFactor: false });
    renderWithApp(<AdminDashboard />, { path: '/admin' });
    const banner = await screen.findByRole('region', { name: 'Create the named owner' });
    expect(screen.getByRole('button', { name: 'Restart Server' })).toBeInTheDocument();
    expect(within(within(await repsTable()).getAllByRole('row')[1]!).getByRole('button', { name: 'Delete Asha Verma' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Go to the Admins tab' }));
    expect(screen.getByRole('tab', { name: 'Admins' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Invite admin' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=admins');
  });
});
