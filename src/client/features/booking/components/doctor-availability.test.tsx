// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { datesOfMonth, type DayBlockReason } from '../../../../shared/booking/booking-rules';
import { todayInIndia } from '../../../../shared/dates';
import type { BookingCalendarResponse, DoctorAvailabilitySettings } from '../../../../shared/schemas/booking';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { closeOfflineDb } from '../../../lib/offline-db';
import { dismissToast } from '../../../lib/toast';
import { renderWithApp } from '../../auth/test/render';
import { fakeApi } from '../../rep/test/fake-api';
import { DoctorAvailability } from './doctor-availability';

// docs/decisions/043-rescheduling-and-waitlist.md on the booking calendar: a full day offers its waitlist, and the rep
// who waits for it sees their place instead of the button.

const MONTH = todayInIndia(new Date()).slice(0, 7);
const FULL = `${MONTH}-15`;
const LEAVE = `${MONTH}-16`;
const settings: DoctorAvailabilitySettings = {
  doctorName: 'Asha Rao',
  availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true },
  maxSlots: 1,
  callFrequency: 7,
  visitWindows: [],
  slotMinutes: 15,
};
const reasonOf = (date: string): DayBlockReason | null => (date === FULL ? 'full' : date === LEAVE ? 'leave' : null);
const calendar = (month: string): BookingCalendarResponse => ({
  today: `${MONTH}-01`,
  month,
  settings,
  days: datesOfMonth(month).map((date) => ({ date, selectable: reasonOf(date) === null, reason: reasonOf(date), slotsLeft: reasonOf(date) ? 0 : 1 })),
  hasFutureAppointment: false,
  futureAppointment: null,
  frequencyCutoff: null,
  lastBookableDate: `${MONTH}-28`,
  subscriptionActive: true,
});
const waiting = (position: number): WaitlistEntry => ({
  id: 31,
  doctorId: 3,
  clinicId: 5,
  date: FULL,
  position,
  status: 'waiting',
  offerExpiresAt: null,
  doctorName: 'Asha Rao',
  doctorSpecialty: 'Cardiology',
  clinicName: 'Lake View Clinic',
  heldStartTime: null,
});

function serve(initial: WaitlistEntry[], { refuseJoin = false } = {}) {
  let entries = initial;
  const calls = fakeApi({
    'GET /api/doctor-availability': () => ({ body: { settings } }),
    'GET /api/booking/calendar': ({ url }) => ({ body: calendar(url.searchParams.get('month')!) }),
    'GET /api/waitlist': () => ({ body: { entries } }),
    'POST /api/waitlist': () => {
      if (refuseJoin) return { status: 409, body: { message: 'Slots are available on this date. Please book it.', code: 'slots_available' } };
      entries = [waiting(1)];
      return { status: 201, body: { message: 'You have joined the waitlist', entry: { id: 31, position: 1, status: 'waiting' } } };
    },
    'DELETE /api/waitlist/31': () => {
      entries = [];
      return { body: { message: 'You have left the waitlist' } };
    },
  });
  renderWithApp(<DoctorAvailability repId={7} doctorId={3} clinicId={5} doctorName="Asha Rao" clinicName="Lake View Clinic" />);
  return calls;
}

const pick = async (date: string) => {
  const day = await screen.findByRole('button', { name: new RegExp(`^\\w+, ${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)},`) });
  await userEvent.setup().click(day);
  return screen.getByRole('region', { name: 'Selected date' });
};

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (let i = 0; i < 3; i++) act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe('DoctorAvailability waitlist', () => {
  it('a full day offers Join waitlist; once joined, the place and Leave waitlist', async () => {
    const calls = serve([]);
    const panel = await pick(FULL);
    expect(panel).toHaveTextContent('No appointment slots available for this date. Please select another date.');
    expect(within(panel).queryByRole('button', { name: 'Book Appointment' })).toBeNull();

    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Join waitlist' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ doctorId: 3, clinicId: 5, date: FULL });
    expect(await within(panel).findByText('You are #1 on the waitlist')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    expect(await screen.findByTestId('toast')).toHaveTextContent('You have joined the waitlist');

    await user.click(within(panel).getByRole('button', { name: 'Leave waitlist' }));
    expect(await within(panel).findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(within(panel).queryByText(/on the waitlist$/)).toBeNull();
  });

  it('the rep who already waits for the day sees their place, not the button', async () => {
    serve([waiting(3)]);
    const panel = await pick(FULL);
    expect(await within(panel).findByText('You are #3 on the waitlist')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Leave waitlist' })).toBeInTheDocument();
  });

  it('a day closed for another reason offers no waitlist', async () => {
    serve([]);
    const panel = await pick(LEAVE);
    expect(panel).toHaveTextContent('The doctor is on leave on this date.');
    expect(within(panel).queryByRole('button', { name: 'Join waitlist' })).toBeNull();
  });

  it("a day freed since it was shown: the server's refusal is said and the calendar asked again", async () => {
    const calls = serve([], { refuseJoin: true });
    const panel = await pick(FULL);
    const before = calls.filter((c) => c.path === '/api/booking/calendar').length;
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Slots are available on this date. Please book it.');
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/booking/calendar').length).toBeGreaterThan(before));
  });
});
