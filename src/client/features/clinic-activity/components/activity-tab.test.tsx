// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { clinicActivityResponseSchema, type ClinicActivityItem } from '../../../../shared/schemas/clinic-activity';
import { ActivityTab } from './activity-tab';

// The clinic's Activity tab (docs/decisions/075-clinic-activity-log.md), against answers of the wire schema the server
// sends (e2e/clinic-activity.spec.ts runs it against the real server).

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const item = (id: number, o: Partial<ClinicActivityItem>): ClinicActivityItem => ({
  id,
  at: '2026-03-02T04:30:00.000Z',
  actor: { kind: 'manager', name: 'Meera Manager' },
  action: 'visit.confirmed',
  target: 'Asif Rep',
  details: null,
  ...o,
});

describe('Activity', () => {
  it('words each change with who and when, newest first, and loads the next page on request', async () => {
    let release: () => void = () => {};
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (!url.includes('cursor=')) {
          return json(
            clinicActivityResponseSchema.parse({
              items: [
                item(9, {
                  action: 'calls.cancelled_today',
                  target: 'Dr. Irfan Mir',
                  details: { date: '2026-03-02', reason: 'Clinic will be closed today', cancelledCount: 2 },
                }),
                item(8, {
                  action: 'leave.added',
                  target: null,
                  actor: { kind: 'owner', name: 'Asha Kaul' },
                  details: { from: '2026-03-05', to: '2026-03-07' },
                }),
              ],
              nextCursor: 'page-2',
            }),
          );
        }
        await new Promise<void>((resolve) => (release = resolve));
        return json(clinicActivityResponseSchema.parse({ items: [item(7, { details: { date: '2026-03-02', time: '10:30' } })], nextCursor: null }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ActivityTab clinicId={4} />);

    const list = await screen.findByRole('list', { name: 'Activity' });
    let entries = within(list).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      "Cancelled today's calls of Dr. Irfan Mir" +
        '2 visits cancelled · Reason: Clinic will be closed today' +
        'By Meera Manager (Manager)02/03/2026, 10:00 am',
      'Planned a clinic holiday' + '05/03/2026 to 07/03/2026' + 'By Asha Kaul (Owner)02/03/2026, 10:00 am',
    ]);
    expect(within(entries[0]!).getByText('02/03/2026, 10:00 am')).toHaveAttribute('dateTime', '2026-03-02T04:30:00.000Z');
    expect(urls).toEqual(['/api/clinic/activity?limit=20']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // While the page loads the button says so, and so does the status line screen readers hear.
    expect(await screen.findByRole('button', { name: 'Loading more…' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(screen.getByRole('region', { name: 'Activity' })).getByRole('status')).toHaveTextContent('Loading more…');
    release();
    expect(await screen.findByText('That is everything recorded.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Activity' })).getByRole('status')).toHaveTextContent('3 entries shown');
    entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[2]).toHaveTextContent('Confirmed the visit of Asif Rep');
    expect(entries[2]).toHaveTextContent('Visit on 02/03/2026 at 10:30');
    expect(urls[1]).toBe('/api/clinic/activity?limit=20&cursor=page-2');
  });

  it('says so when nothing is recorded yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null })),
    );
    renderWithApp(<ActivityTab clinicId={4} />);
    expect(await screen.findByText('Nothing recorded yet. Changes to doctors, settings, leave and visits will appear here.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
