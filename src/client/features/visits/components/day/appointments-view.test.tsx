// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInIndia } from '../../../../../shared/dates';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { renderWithApp } from '../../../auth/test/render';
import { fakeApi } from '../../../rep/test/fake-api';
import { AppointmentsView } from './appointments-view';

// docs/decisions/043-rescheduling-and-waitlist.md on the clinic's day: how many reps wait for a slot of the day.

afterEach(() => vi.unstubAllGlobals());

const TODAY = todayInIndia(new Date());
const visit: ClinicAppointment = {
  id: 42,
  appointment_date: TODAY,
  start_time: null,
  token: 1,
  rep_id: 10,
  doctor_id: 2,
  clinic_id: 3,
  rep_name: 'Ravi Sharma',
  company_name: 'Sun Pharma',
  contact_number: '9876500001',
  status: 'booked',
  checked_in_at: null,
  requires_approval: false,
};
const doctor = { id: 2, name: 'Asha Rao', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' };

function serve(waitingByDate: Record<string, number>) {
  const calls = fakeApi({
    'GET /api/doctor-appointments': ({ url }) => {
      const date = url.searchParams.get('date')!;
      return { body: { appointments: [{ ...visit, appointment_date: date }], waiting: waitingByDate[date] ?? 0 } };
    },
    'GET /api/clinic/settings/3': () => ({ status: 404, body: { message: 'Settings not found' } }),
  });
  renderWithApp(<AppointmentsView clinicId={3} doctor={doctor} />);
  return calls;
}

describe("the clinic's day: reps waiting", () => {
  it('says how many reps wait for the day, in the singular for one, and nothing when none', async () => {
    const tomorrow = addDays(TODAY, 1);
    const calls = serve({ [TODAY]: 1, [tomorrow]: 3 });
    expect(await screen.findByText('1 rep waiting for this day')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('3 reps waiting for this day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    // Once the day after has answered (no one waits), the count is gone.
    await vi.waitFor(() => expect(calls.some((c) => c.query.get('date') === addDays(TODAY, 2))).toBe(true));
    await vi.waitFor(() => expect(screen.queryByTestId('waiting-count')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('waiting-count')).toBeNull();
    // The day's visits are listed as before (in the phone's cards and the desktop table alike).
    expect(screen.getAllByText('Ravi Sharma').length).toBeGreaterThan(0);
  });
});
