// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminAuditResponseSchema, type AdminAuditEntry } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { AuditTab } from './audit-tab';

// The Audit tab (docs/decisions/042): when in IST, who, the act in words, the record and the address; filtered on the
// server by admin and action, and read a page at a time with 'Load more' like the other admin lists.

afterEach(() => vi.unstubAllGlobals());

const entry = (o: Partial<AdminAuditEntry>): AdminAuditEntry => ({
  id: 1,
  adminId: 2,
  adminName: 'Ravi Staff',
  action: 'appointment_deleted',
  target: 'appointment:9',
  at: '2026-03-05T18:45:00.000Z',
  ip: '203.0.113.7',
  details: null,
  ...o,
});
const page = (entries: AdminAuditEntry[], nextCursor: string | null) => json(adminAuditResponseSchema.parse({ entries, nextCursor }));

describe('the Audit tab', () => {
  it('writes each act for a person, filters on the server and loads more', async () => {
    const user = userEvent.setup();
    const calls = stubApi(({ path }) => {
      if (path === '/api/admin/me') return json({ id: 2, name: 'Ravi Staff', email: 'ravi@example.com', role: 'staff', twoFactor: true });
      if (path === '/api/admin/audit')
        return page(
          [
            entry({}),
            entry({
              id: 2,
              adminId: 0,
              adminName: 'Administrator',
              action: 'user_status_changed',
              target: 'medrep:12',
              details: { from: 'active', to: 'inactive' },
              ip: null,
            }),
          ],
          'c1',
        );
      if (path === '/api/admin/audit?cursor=c1') return page([entry({ id: 3, action: 'sign_in', target: null })], null);
      if (path.startsWith('/api/admin/audit?')) return page([], null);
    });
    renderWithApp(<AuditTab />);
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const [, deleted, changed] = within(table).getAllByRole('row');
    // 18:45 UTC is 00:15 the next day in India.
    expect(deleted).toHaveTextContent(/06\/03\/2026 00:15.*Ravi Staff.*Deleted an appointment.*Appointment #9.*203\.0\.113\.7/);
    expect(changed).toHaveTextContent(/Administrator.*Changed a user's status.*from: active, to: inactive.*Medical rep #12.*—/);

    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    expect(await within(table).findByText('Signed in')).toBeInTheDocument();
    expect(screen.getByText('All 3 entries shown.')).toBeInTheDocument();

    // Staff cannot read the team: the Admin filter offers whoever the loaded rows name, and the shared password.
    const admin = screen.getByLabelText('Admin');
    expect(
      within(admin)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All admins', 'Administrator (shared password)', 'Ravi Staff']);
    expect(calls.some((c) => c.path.startsWith('/api/admin/admins'))).toBe(false);
    await user.selectOptions(admin, 'Ravi Staff');
    await user.selectOptions(screen.getByLabelText('Action'), 'Deleted an appointment');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/audit?adminId=2&action=appointment_deleted'));
    expect(await screen.findByText('No admin acts match these filters.')).toBeInTheDocument();
  });
});
