// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { datesOfMonth } from '../../../../shared/booking/booking-rules';
import { addDays, formatDisplayDate, todayInIndia } from '../../../../shared/dates';
import type { BookingCalendarResponse, DoctorAvailabilitySettings, RepAppointment } from '../../../../shared/schemas/booking';
import { closeOfflineDb } from '../../../lib/offline-db';
import { dismissToast } from '../../../lib/toast';
import { renderWithApp } from '../../auth/test/render';
import { type FakeAnswer, fakeApi } from '../../rep/test/fake-api';
import { MyAppointmentsTab } from '../../rep/components/my-appointments-tab';

// docs/decisions/043-rescheduling-and-waitlist.md: Reschedule on a visit opens its doctor's calendar at its clinic, the
// days judged as if the visit did not exist (rescheduleId), and confirming moves it; a refusal leaves it where it is.

const TODAY = todayInIndia(new Date());
const VISIT_DATE = addDays(TODAY, 3);
// The calendar opens on the visit's month. A date of it other than the visit's (the days are the server's; any will do).
const MONTH = VISIT_DATE.slice(0, 7);
const NEW_DATE = `${MONTH}-20` === VISIT_DATE ? `${MONTH}-21` : `${MONTH}-20`;
const visit: RepAppointment = {
  id: 41,
  appointment_date: VISIT_DATE,
  start_time: null,
  token: 1,
  status: 'booked',
  doctor_name: 'Asha Rao',
  doctor_specialty: 'Cardiology',
  clinic_name: 'Lake View Clinic',
  clinic_id: 5,
  doctor_id: 3,
  checked_in_at: null,
  requires_approval: false,
};
const settings: DoctorAvailabilitySettings = {
  doctorName: 'Asha Rao',
  availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true },
  maxSlots: 2,
  callFrequency: 7,
  visitWindows: [],
  slotMinutes: 15,
};
const calendar = (month: string): BookingCalendarResponse => ({
  today: TODAY,
  month,
  settings,
  days: datesOfMonth(month).map((date) => ({ date, selectable: true, reason: null, slotsLeft: 2 })),
  hasFutureAppointment: false,
  futureAppointment: null,
  frequencyCutoff: null,
  lastBookableDate: addDays(TODAY, 90),
  subscriptionActive: true,
});

function serve(answer: (date: string) => FakeAnswer) {
  let current = visit;
  const calls = fakeApi({
    'GET /api/rep-appointments': () => ({ body: { appointments: [current] } }),
    'GET /api/waitlist': () => ({ body: { entries: [] } }),
    'GET /api/doctor-availability': () => ({ body: { settings } }),
    'GET /api/booking/calendar': ({ url }) => ({ body: calendar(url.searchParams.get('month')!) }),
    'POST /api/appointments/41/reschedule': ({ body }) => {
      const { appointmentDate } = body as { appointmentDate: string };
      const res = answer(appointmentDate);
      if ((res.status ?? 200) === 200) current = { ...current, appointment_date: appointmentDate };
      return res;
    },
  });
  renderWithApp(<MyAppointmentsTab repId={7} />);
  return calls;
}

const moved = (date: string): FakeAnswer => ({
  body: {
    message: 'Appointment rescheduled successfully',
    appointment: { ...visit, appointment_date: date, rep_id: 7, booked_at: '2026-03-01T10:00:00.000Z' },
  },
});

async function openReschedule() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Reschedule appointment with Dr. Asha Rao on ${formatDisplayDate(VISIT_DATE)}` }));
  const heading = await screen.findByRole('heading', {
    name: `Reschedule visit with Dr. Asha Rao at Lake View Clinic, now on ${formatDisplayDate(VISIT_DATE)}`,
  });
  return { user, heading };
}

const dayButton = (date: string) => screen.findByRole('button', { name: new RegExp(`^\\w+, ${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)},`) });

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (let i = 0; i < 3; i++) act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe('Rescheduling a visit from My Appointments', () => {
  it('opens the calendar for the move, moves the visit and comes back to the list', async () => {
    const calls = serve(moved);
    const { user, heading } = await openReschedule();
    expect(heading).toHaveFocus();
    // The calendar is the one for moving this visit.
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/api/booking/calendar')?.query.get('rescheduleId')).toBe('41'));
    expect(calls.find((c) => c.path === '/api/booking/calendar')?.query.get('month')).toBe(MONTH);

    await user.click(await dayButton(NEW_DATE));
    const panel = screen.getByRole('region', { name: 'Selected date' });
    await user.click(within(panel).getByRole('button', { name: 'Reschedule to this date' }));

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ appointmentDate: NEW_DATE });
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Appointment rescheduled successfully');
    expect(toast).toHaveTextContent(`Your visit with Dr. Asha Rao at Lake View Clinic is now on ${formatDisplayDate(NEW_DATE)}.`);
    // Back in My Appointments, the visit on its new date (the list is asked again).
    expect(screen.queryByRole('heading', { name: /^Reschedule visit/ })).toBeNull();
    expect(await screen.findByText(formatDisplayDate(NEW_DATE))).toBeInTheDocument();
  });

  it("a refusal says the server's words and leaves the visit; Back returns to the list unchanged", async () => {
    const calls = serve(() => ({
      status: 409,
      body: { message: 'No appointment slots available for this date. Please select another date.', code: 'slots_full' },
    }));
    const { user } = await openReschedule();
    await user.click(await dayButton(NEW_DATE));
    await user.click(screen.getByRole('button', { name: 'Reschedule to this date' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('No appointment slots available for this date. Please select another date.');
    // Still choosing: nothing moved.
    expect(screen.getByRole('heading', { name: /^Reschedule visit/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back to My Appointments' }));
    const card = await screen.findByTestId('appointment-card');
    expect(card).toHaveTextContent(formatDisplayDate(VISIT_DATE));
    // The focus goes back to the button that opened the calendar.
    expect(within(card).getByRole('button', { name: /^Reschedule appointment/ })).toHaveFocus();
  });

  it("the visit's own date is no move: marked 'Yours', and the rule's message in place of the button", async () => {
    serve(moved);
    const { user } = await openReschedule();
    const own = await dayButton(VISIT_DATE);
    expect(own).toHaveTextContent('Yours');
    expect(own).toHaveAccessibleName(/your visit is on this date now$/);
    expect(screen.getByText("your visit's date now", { exact: false })).toHaveTextContent("Yours: your visit's date now");
    await user.click(own);
    const panel = screen.getByRole('region', { name: 'Selected date' });
    expect(panel).toHaveTextContent('Please select a different date or time.');
    expect(within(panel).queryByRole('button', { name: 'Reschedule to this date' })).toBeNull();
  });
});
