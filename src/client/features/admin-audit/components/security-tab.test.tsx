// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityEventsResponseSchema, type SecurityEvent, type SecurityEventCounts } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { SecurityTab } from './security-tab';

// The Security tab (spec part 1, 3: security_events): counts by type and threat level over 24 hours and 30 days,
// filters by type and level applied on the server, and the events a page at a time.

afterEach(() => vi.unstubAllGlobals());

const event = (o: Partial<SecurityEvent>): SecurityEvent => ({
  id: 1,
  eventType: 'rate_limit_exceeded',
  ipAddress: '198.51.100.4',
  userAgent: 'curl/8',
  userId: null,
  userType: null,
  requestPath: '/api/admin/authenticate',
  requestMethod: 'POST',
  threatLevel: 'high',
  details: null,
  timestamp: '2026-03-05T04:30:00.000Z',
  blocked: true,
  count: 1,
  ...o,
});
const counts = (total: number, byType: SecurityEventCounts['byType'], critical = 0): SecurityEventCounts => ({
  total,
  blocked: total - 1,
  byType,
  byLevel: { low: 1, medium: 0, high: total - 1 - critical, critical },
});

describe('the Security tab', () => {
  it('shows the counts of both windows, the events with their level in words, and filters on the server', async () => {
    const user = userEvent.setup();
    const body = securityEventsResponseSchema.parse({
      events: [
        event({ count: 30 }),
        event({ id: 2, eventType: 'admin_sign_in_failed', threatLevel: 'critical', blocked: false, userId: 3, userType: 'admin' }),
      ],
      nextCursor: null,
      counts: {
        last24h: counts(3, [{ type: 'rate_limit_exceeded', count: 3 }]),
        last30d: counts(
          40,
          [
            { type: 'rate_limit_exceeded', count: 30 },
            { type: 'admin_sign_in_failed', count: 10 },
          ],
          2,
        ),
      },
    });
    const calls = stubApi(({ path }) => (path.startsWith('/api/admin/security-events') ? json(body) : undefined));
    renderWithApp(<SecurityTab />);

    const day = await screen.findByRole('table', { name: 'Last 24 hours: by threat level' });
    expect(within(day).getByRole('row', { name: 'High 2' })).toBeInTheDocument();
    const month = screen.getByRole('table', { name: 'Last 30 days: by threat level' });
    expect(within(month).getByRole('row', { name: 'Critical 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Last 30 days: by type' })).getByRole('row', { name: 'Admin sign in failed 10' })).toBeInTheDocument();

    const [, first, second] = within(screen.getByRole('table', { name: 'Security events' })).getAllByRole('row');
    expect(first).toHaveTextContent(/05\/03\/2026 10:00.*Rate limit exceeded.*30.*High.*Blocked.*POST \/api\/admin\/authenticate.*198\.51\.100\.4/);
    expect(second).toHaveTextContent(/Admin sign in failed.*1.*Critical.*Allowed.*Admin #3/);

    // The type filter offers the types of the last 30 days.
    await user.selectOptions(screen.getByLabelText('Event type'), 'Admin sign in failed');
    await user.selectOptions(screen.getByLabelText('Threat level'), 'Critical');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/security-events?type=admin_sign_in_failed&level=critical'));
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/security-events'));
  });
});
