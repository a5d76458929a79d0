// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { closeOfflineDb } from '../../../lib/offline-db';
import { dismissToast } from '../../../lib/toast';
import { renderWithApp } from '../../auth/test/render';
import { fakeApi } from '../../rep/test/fake-api';
import { MyAppointmentsTab } from '../../rep/components/my-appointments-tab';
import { WaitlistSection } from './waitlist-section';

// docs/decisions/043-rescheduling-and-waitlist.md in My Appointments: the rep's places in the lines of full days, an
// offer with its countdown, Accept and Decline, and an offer that ran out.

// 10:00 UTC is 15:30 in India.
const NOW = new Date('2026-03-10T10:00:00.000Z');
const minutesFromNow = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 11,
  doctorId: 3,
  clinicId: 5,
  date: '2026-03-12',
  position: 2,
  status: 'waiting',
  offerExpiresAt: null,
  doctorName: 'Asha Rao',
  doctorSpecialty: 'Cardiology',
  clinicName: 'Lake View Clinic',
  heldStartTime: null,
  ...over,
});
const offer = (over: Partial<WaitlistEntry> = {}) =>
  entry({ status: 'offered', position: null, offerExpiresAt: minutesFromNow(90), heldStartTime: '16:15', ...over });

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (let i = 0; i < 3; i++) act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WaitlistSection', () => {
  it('shows nothing while the rep waits for no day, nor for entries declined or accepted', async () => {
    const calls = fakeApi({
      'GET /api/waitlist': () => ({
        body: { entries: [entry({ status: 'declined', position: null }), entry({ id: 12, status: 'accepted', position: null })] },
      }),
    });
    renderWithApp(<WaitlistSection />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('heading', { name: 'Waitlist' })).toBeNull();
    expect(screen.queryByTestId('waitlist-entry')).toBeNull();
  });

  it('is asked again when the page regains focus, so an offer made meanwhile shows without a reload', async () => {
    let entries: WaitlistEntry[] = [entry()];
    fakeApi({ 'GET /api/waitlist': () => ({ body: { entries } }) });
    renderWithApp(<WaitlistSection />);
    expect(await screen.findByText('Position 2 in line')).toBeInTheDocument();
    entries = [offer({ offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() })];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('A slot is free for you at 16:15')).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('a place in line: the position for doctor, clinic and date, and Leave', async () => {
    let entries = [entry()];
    const calls = fakeApi({
      'GET /api/waitlist': () => ({ body: { entries } }),
      'DELETE /api/waitlist/11': () => {
        entries = [];
        return { body: { message: 'You have left the waitlist' } };
      },
    });
    renderWithApp(<WaitlistSection />);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const card = within(section).getByTestId('waitlist-entry');
    expect(card).toHaveTextContent('Position 2 in line');
    expect(card).toHaveTextContent('Dr. Asha Rao');
    expect(card).toHaveTextContent('Lake View Clinic');
    expect(card).toHaveTextContent('Thursday12/03/2026');
    expect(within(card).queryByRole('button', { name: /Accept/ })).toBeNull();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Leave the waitlist for Dr. Asha Rao on 12/03/2026' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You have left the waitlist');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/waitlist/11')).toBe(true);
    // The list is asked again: with no place left, no section.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull());
  });

  it('an offer: the free slot and its time, how long it is held counted down every 30 s, Accept and Decline; then expired', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    fakeApi({ 'GET /api/waitlist': () => ({ body: { entries: [offer({ offerExpiresAt: minutesFromNow(2.5) })] } }) });
    renderWithApp(<WaitlistSection />);
    const card = await screen.findByTestId('waitlist-entry');
    expect(card).toHaveTextContent('A slot is free for you at 16:15');
    expect(within(card).getByTestId('held-time')).toHaveTextContent('16:15');
    // 10:02:30 UTC is 15:32 in India.
    expect(card).toHaveTextContent('Held for you until 15:32');
    const left = within(card).getByRole('timer');
    // Whole minutes, rounded up: 2.5 minutes left reads 3.
    expect(left).toHaveTextContent('(3 min left)');
    expect(within(card).getByRole('button', { name: 'Accept the slot with Dr. Asha Rao at Lake View Clinic on 12/03/2026 at 16:15' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Decline the slot with Dr. Asha Rao at Lake View Clinic on 12/03/2026 at 16:15' })).toBeEnabled();

    // Worked out again every 30 s.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(left).toHaveTextContent('(2 min left)');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(left).toHaveTextContent('(1 min left)');

    // The hold runs out: the card reads expired and offers nothing more.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(card).toHaveTextContent('Offer expired');
    expect(card).toHaveTextContent('This offer has expired.');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('timer')).toBeNull();
  });

  it('an offer whose hold has already run out reads expired at once', async () => {
    fakeApi({ 'GET /api/waitlist': () => ({ body: { entries: [offer({ offerExpiresAt: new Date(Date.now() - 60_000).toISOString() })] } }) });
    renderWithApp(<WaitlistSection />);
    const card = await screen.findByTestId('waitlist-entry');
    expect(card).toHaveTextContent('This offer has expired.');
    expect(within(card).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('Decline asks first: keeping the offer declines nothing (docs/decisions/050)', async () => {
    const calls = fakeApi({
      'GET /api/waitlist': () => ({ body: { entries: [offer({ offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() })] } }),
      'POST /api/waitlist/11/decline': () => ({ body: { message: 'Offer declined. It has been passed to the next rep in line.' } }),
    });
    renderWithApp(<WaitlistSection />);
    const user = userEvent.setup();
    const decline = await screen.findByRole('button', { name: /^Decline the slot with/ });
    await user.click(decline);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this slot?' });
    expect(dialog).toHaveAccessibleDescription(
      'The slot with Dr. Asha Rao at Lake View Clinic on 12/03/2026 at 16:15 will go to the next rep in line. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the offer' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decline).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('waitlist-entry')).toHaveTextContent('A slot is free for you at 16:15');
  });

  it("Decline, confirmed, says the server's words and the list is asked again", async () => {
    let entries = [offer({ offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() })];
    fakeApi({
      'GET /api/waitlist': () => ({ body: { entries } }),
      'POST /api/waitlist/11/decline': () => {
        entries = [];
        return { body: { message: 'Offer declined. It has been passed to the next rep in line.' } };
      },
    });
    renderWithApp(<WaitlistSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Decline the slot with/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline the slot' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Offer declined. It has been passed to the next rep in line.');
    await vi.waitFor(() => expect(screen.queryByTestId('waitlist-entry')).toBeNull());
  });

  it("an offer the server closed as run out reads 'Offer expired' until the rep removes it (docs/decisions/050)", async () => {
    let entries = [entry({ id: 12, status: 'expired', position: null })];
    fakeApi({
      'GET /api/waitlist': () => ({ body: { entries } }),
      'DELETE /api/waitlist/12': () => {
        entries = [];
        return { body: { message: 'Removed from your waitlist' } };
      },
    });
    renderWithApp(<WaitlistSection />);
    const card = await screen.findByTestId('waitlist-entry');
    expect(card).toHaveTextContent('Offer expired');
    expect(card).toHaveTextContent('This offer has expired.');
    expect(within(card).queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Remove the expired offer for Dr. Asha Rao on 12/03/2026' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Removed from your waitlist');
    await vi.waitFor(() => expect(screen.queryByTestId('waitlist-entry')).toBeNull());
  });

  it('offline, the offer waits for the network and says so', async () => {
    fakeApi({ 'GET /api/waitlist': () => ({ body: { entries: [offer({ offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() })] } }) });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithApp(<WaitlistSection />);
    const accept = await screen.findByRole('button', { name: /^Accept the slot/ });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('You are offline. This needs the network.');
  });
});

describe('My Appointments with an offer', () => {
  const booked: RepAppointment = {
    id: 77,
    appointment_date: '2099-03-12',
    start_time: '16:15',
    token: 2,
    status: 'booked',
    doctor_name: 'Asha Rao',
    doctor_specialty: 'Cardiology',
    clinic_name: 'Lake View Clinic',
    clinic_id: 5,
    doctor_id: 3,
    checked_in_at: null,
    requires_approval: false,
  };

  it('Accept books the slot: the toast says so, the offer goes and the visit is listed', async () => {
    let accepted = false;
    const farOffer = offer({ date: '2099-03-12', offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    fakeApi({
      'GET /api/waitlist': () => ({ body: { entries: accepted ? [] : [farOffer] } }),
      'GET /api/rep-appointments': () => ({ body: { appointments: accepted ? [booked] : [] } }),
      'POST /api/waitlist/11/accept': () => {
        accepted = true;
        return {
          status: 201,
          body: { message: 'Appointment booked successfully', appointment: { ...booked, rep_id: 7, booked_at: NOW.toISOString() }, released: 2 },
        };
      },
    });
    renderWithApp(<MyAppointmentsTab repId={7} />);
    expect(await screen.findByText('No upcoming appointments found.')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Accept the slot with Dr. Asha Rao/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Appointment booked successfully');
    expect(toast).toHaveTextContent('Your visit with Dr. Asha Rao at Lake View Clinic on 12/03/2099 at 16:15 is booked (Token #2).');
    expect(toast).toHaveTextContent('Your 2 other places on the waitlist for Dr. Asha Rao were given up.');
    expect(await screen.findByTestId('appointment-card')).toHaveTextContent('Dr. Asha Rao');
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });

  it("an offer no longer open is refused in the server's words", async () => {
    const farOffer = offer({ date: '2099-03-12', offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    fakeApi({
      'GET /api/waitlist': () => ({ body: { entries: [farOffer] } }),
      'GET /api/rep-appointments': () => ({ body: { appointments: [] } }),
      'POST /api/waitlist/11/accept': () => ({ status: 409, body: { message: 'This offer is no longer open.', code: 'offer_closed' } }),
    });
    renderWithApp(<MyAppointmentsTab repId={7} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Accept the slot/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('This offer is no longer open.');
  });
});
