// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import type { PendingAppointment, PendingCancellation, PendingCheckIn } from '../../../lib/offline-queue';
import { dismissToast } from '../../../lib/toast';
import { reportSync } from './report-sync';

// spec part 2, 4 and decision 033: what the sync did and what the server refused come in separate toasts.

afterEach(() => {
  for (let i = 0; i < 5; i++) act(() => dismissToast());
  cleanup();
});

const FULL = 'No appointment slots available for this date. Please select another date.';
const booking = (id: string, appointmentDate: string, doctorName: string, startTime?: string): PendingAppointment => ({
  id,
  data: { doctorId: 3, clinicId: 5, repId: 7, appointmentDate, doctorName, clinicName: 'Lake View Clinic', ...(startTime ? { startTime } : {}) },
  timestamp: 1,
});
const cancellation = (id: string): PendingCancellation => ({
  id,
  data: {
    kind: 'cancel',
    repId: 7,
    appointment: {
      id: 41,
      appointment_date: '2026-03-09',
      start_time: null,
      token: 1,
      status: 'booked',
      doctor_name: 'Imran Wani',
      doctor_specialty: 'Cardiology',
      clinic_name: 'Dal Gate Clinic',
      clinic_id: 6,
      doctor_id: 4,
      checked_in_at: null,
      requires_approval: false,
    },
  },
  timestamp: 1,
});

// A click (not a pointer gesture: jsdom has no pointer capture for Radix's swipe handling).
async function closeToast() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await Promise.resolve();
  });
}

describe('reportSync', () => {
  it('reports the synced bookings and a refused one in separate toasts, one after the other', async () => {
    render(<Toaster />);
    act(() =>
      reportSync({
        synced: [booking('appointment_1_a', '2026-03-04', 'Dr. Asha Rao')],
        refused: [{ item: booking('appointment_2_b', '2026-03-05', 'Dr. Asha Rao'), status: 409, message: FULL }],
        cancelled: [],
        cancelRefused: [],
        checkedIn: [],
        checkInRefused: [],
        kept: [],
      }),
    );
    const first = await screen.findByTestId('toast');
    expect(first).toHaveTextContent('Appointments Synced');
    expect(first).toHaveTextContent('1 offline appointment has been synced successfully.');
    expect(first).not.toHaveTextContent('Offline Booking Failed');

    await closeToast();
    const second = await screen.findByTestId('toast');
    expect(second).toHaveTextContent('Offline Booking Failed');
    expect(second).toHaveTextContent(`Dr. Asha Rao at Lake View Clinic on 05/03/2026: ${FULL}`);
    expect(second).not.toHaveTextContent('synced');

    await closeToast();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  // Docs/decisions/039: a queued visit time someone else took meanwhile is refused like the other rules.
  it('reports a queued visit time that was taken meanwhile, naming the time, among the other refusals', async () => {
    render(<Toaster />);
    const TAKEN = 'This visit time is no longer available. Please select another time.';
    act(() =>
      reportSync({
        synced: [],
        refused: [
          { item: booking('appointment_5_e', '2026-03-05', 'Dr. Asha Rao', '15:45'), status: 409, message: TAKEN },
          { item: booking('appointment_6_f', '2026-03-06', 'Dr. Imran Wani'), status: 409, message: FULL },
        ],
        cancelled: [],
        cancelRefused: [],
        checkedIn: [],
        checkInRefused: [],
        kept: [],
      }),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Offline Booking Failed');
    expect(toast).toHaveTextContent(
      `Dr. Asha Rao at Lake View Clinic on 05/03/2026 at 15:45: ${TAKEN} Dr. Imran Wani at Lake View Clinic on 06/03/2026: ${FULL}`,
    );
  });

  it('reports a cancellation that was sent, and one the server refused, each in its own toast', async () => {
    render(<Toaster />);
    act(() =>
      reportSync({
        synced: [],
        refused: [],
        cancelled: [cancellation('appointment_3_c')],
        cancelRefused: [{ item: { ...cancellation('appointment_4_d'), id: 'appointment_4_d' }, status: 400, message: 'Cannot cancel on appointment day' }],
        checkedIn: [],
        checkInRefused: [],
        kept: [],
      }),
    );
    const first = await screen.findByTestId('toast');
    expect(first).toHaveTextContent('Appointment Cancelled');
    expect(first).toHaveTextContent('Your visit with Dr. Imran Wani at Dal Gate Clinic on 09/03/2026 has been cancelled.');
    await closeToast();
    const second = await screen.findByTestId('toast');
    expect(second).toHaveTextContent('Offline Cancellation Failed');
    expect(second).toHaveTextContent('Dr. Imran Wani at Dal Gate Clinic on 09/03/2026: Cannot cancel on appointment day');
  });

  // Docs/decisions/041: a check-in typed offline is reported once sent, with the time the code was typed, or refused by name.
  it('reports a check-in that was sent, with the time its code was typed, and one the server refused, each in its own toast', async () => {
    render(<Toaster />);
    const checkIn = (id: string, typedAt: string): PendingCheckIn => {
      const { appointment } = cancellation(id).data;
      return { id, data: { kind: 'check-in', repId: 7, appointmentId: appointment.id, code: '123456', typedAt, appointment }, timestamp: 1 };
    };
    const INVALID = 'Invalid check-in code. Please ask the reception for the current code.';
    act(() =>
      reportSync({
        synced: [],
        refused: [],
        cancelled: [],
        cancelRefused: [],
        checkedIn: [checkIn('appointment_7_g', '2026-03-09T10:12:00.000Z')],
        checkInRefused: [{ item: checkIn('appointment_8_h', '2026-03-09T10:20:00.000Z'), status: 400, message: INVALID }],
        kept: [],
      }),
    );
    const first = await screen.findByTestId('toast');
    expect(first).toHaveTextContent('Checked in');
    expect(first).toHaveTextContent('Your visit with Dr. Imran Wani at Dal Gate Clinic on 09/03/2026: checked in at 15:42.');
    await closeToast();
    const second = await screen.findByTestId('toast');
    expect(second).toHaveTextContent('Offline Check-in Failed');
    expect(second).toHaveTextContent(`Dr. Imran Wani at Dal Gate Clinic on 09/03/2026: ${INVALID}`);
  });
});
