// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { renderWithApp } from '../../../auth/test/render';
import { AppointmentCard } from './appointment-card';

afterEach(cleanup);

const TODAY = '2026-03-10'; // a Tuesday

function appointment(over: Partial<RepAppointment>): RepAppointment {
  return {
    id: 7,
    appointment_date: '2026-03-12',
    start_time: null,
    token: null,
    status: 'booked',
    doctor_name: 'Asha Rao',
    doctor_specialty: 'Cardiology',
    clinic_name: 'Lake View Clinic',
    clinic_id: 1,
    doctor_id: 2,
    checked_in_at: null,
    requires_approval: false,
    ...over,
  };
}

describe('AppointmentCard', () => {
  it('shows doctor, specialty, clinic, the weekday with dd/mm/yyyy and the status', () => {
    render(<AppointmentCard appointment={appointment({})} today={TODAY} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Dr. Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Cardiology')).toBeInTheDocument();
    expect(screen.getByText('Lake View Clinic')).toBeInTheDocument();
    expect(screen.getByText('Thursday')).toBeInTheDocument();
    expect(screen.getByText('12/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Booked')).toBeInTheDocument();
  });

  // Docs/decisions/039: with visiting hours the card says when to come and the place in the doctor's day.
  it('shows the visit time beside the date and the token, read as the place in the day', () => {
    render(<AppointmentCard appointment={appointment({ start_time: '15:45', token: 2 })} today={TODAY} onCancel={() => {}} />);
    // On the date's line, after the date; read as "12/03/2026 at 15:45".
    expect(screen.getByText('12/03/2026').parentElement).toHaveTextContent(/^Thursday12\/03\/2026at15:45$/);
    expect(screen.getByText('Token #2')).toBeInTheDocument();
    expect(screen.getByText('Token #2')).toHaveAttribute('aria-hidden');
    expect(screen.getByText('Your place in the day: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment with Dr. Asha Rao on 12/03/2026 at 15:45' })).toBeInTheDocument();
  });

  it('without a visit time shows only the token, and neither when there is none', () => {
    render(<AppointmentCard appointment={appointment({ token: 1 })} today={TODAY} onCancel={() => {}} />);
    expect(screen.getByText('Token #1')).toBeInTheDocument();
    expect(screen.queryByTestId('appointment-time')).toBeNull();
    cleanup();
    render(<AppointmentCard appointment={appointment({})} today={TODAY} onCancel={() => {}} />);
    expect(screen.queryByTestId('appointment-token')).toBeNull();
    expect(screen.queryByTestId('appointment-time')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel appointment with Dr. Asha Rao on 12/03/2026' })).toBeInTheDocument();
  });

  it('does not write Dr. twice', () => {
    render(<AppointmentCard appointment={appointment({ doctor_name: 'Dr. Asha Rao' })} today={TODAY} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Dr. Asha Rao' })).toBeInTheDocument();
  });

  it('offers Cancel for a booked appointment after today and hands it over', async () => {
    const onCancel = vi.fn();
    const a = appointment({ appointment_date: '2026-03-11' });
    render(<AppointmentCard appointment={a} today={TODAY} onCancel={onCancel} />);
    expect(screen.getByText('Tomorrow')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Cancel appointment with Dr. Asha Rao on 11\/03\/2026/ }));
    expect(onCancel).toHaveBeenCalledWith(a);
  });

  it.each([
    ['booked', TODAY, 'Cannot cancel on appointment day', 'Today'],
    ['completed', '2026-03-12', 'Appointment Completed', 'Thursday'],
    ['cancelled', '2026-03-12', 'Appointment Cancelled', 'Thursday'],
  ])('a %s appointment on %s shows %s instead of a cancel button', (status, date, reason, label) => {
    render(<AppointmentCard appointment={appointment({ status, appointment_date: date })} today={TODAY} onCancel={() => {}} />);
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  // Docs/decisions/041: the clinic confirms visits now; the spec's 'Appointment Cancelled' (its words for a cancelled
  // visit) must not stand beside a confirmed one. No Cancel either: the rep cancels only a booked visit.
  it.each([
    ['confirmed', 'Confirmed by the clinic. Please call the clinic to change it.'],
    ['no_show', 'Marked as no-show by the clinic'],
  ])('a %s visit offers no Cancel, says why, and no word of a cancellation', (status, why) => {
    render(<AppointmentCard appointment={appointment({ status })} today={TODAY} onCancel={() => {}} />);
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByText(/Cancelled/)).toBeNull();
    expect(screen.getByText(why)).toBeInTheDocument();
  });

  // Docs/decisions/041: the clinic confirms bookings of some doctors; the badge says what the rep waits for.
  it.each([
    ['booked', true, 'Awaiting confirmation'],
    ['booked', false, 'Booked'],
    ['confirmed', true, 'Confirmed'],
    ['no_show', false, 'No-show'],
  ])('a %s visit (approval required: %s) reads %s on its badge', (status, requiresApproval, text) => {
    render(<AppointmentCard appointment={appointment({ status, requires_approval: requiresApproval })} today={TODAY} onCancel={() => {}} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

// Docs/decisions/041: on the visit's day the rep checks in at reception; then the card says when and offers the proof.
describe('AppointmentCard check-in', () => {
  it.each(['booked', 'confirmed'])('offers Check in on the day of a %s visit and hands the visit over', async (status) => {
    const onCheckIn = vi.fn();
    const a = appointment({ status, appointment_date: TODAY, start_time: '15:30' });
    render(<AppointmentCard appointment={a} today={TODAY} onCancel={() => {}} onCheckIn={onCheckIn} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check in: Dr. Asha Rao on 10/03/2026 at 15:30' }));
    expect(onCheckIn).toHaveBeenCalledWith(a);
  });

  it.each([
    ['tomorrow', { appointment_date: '2026-03-11' }],
    ['yesterday', { appointment_date: '2026-03-09' }],
    ['a completed visit', { appointment_date: TODAY, status: 'completed' }],
    ['a cancelled visit', { appointment_date: TODAY, status: 'cancelled' }],
  ])('offers no Check in for %s', (_, over) => {
    render(<AppointmentCard appointment={appointment(over)} today={TODAY} onCancel={() => {}} onCheckIn={() => {}} />);
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
  });

  it('once checked in shows the Indian time and Proof of visit instead of Check in', () => {
    // 10:12 UTC is 15:42 in India.
    renderWithApp(
      <AppointmentCard
        appointment={appointment({ appointment_date: TODAY, checked_in_at: '2026-03-10T10:12:30.000Z' })}
        today={TODAY}
        onCancel={() => {}}
        onCheckIn={() => {}}
      />,
    );
    expect(screen.getByText('Checked in 15:42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proof of visit: Dr. Asha Rao on 10/03/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
  });

  it('while its code waits on the device says so, with the time it was typed, and offers no second check-in', () => {
    render(
      <AppointmentCard
        appointment={appointment({ appointment_date: TODAY })}
        today={TODAY}
        onCancel={() => {}}
        onCheckIn={() => {}}
        checkInTypedAt="2026-03-10T10:12:30.000Z"
      />,
    );
    expect(screen.getByText('Check-in waiting to be sent')).toBeInTheDocument();
    expect(screen.getByText('(code typed at 15:42)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
    // The spec's rule on the visit's day still reads beside it.
    expect(screen.getByText('Cannot cancel on appointment day')).toBeInTheDocument();
  });
});

// Docs/decisions/043: a visit the rep may move (booked or confirmed, after today; canRepReschedule) offers Reschedule.
describe('AppointmentCard reschedule', () => {
  it.each(['booked', 'confirmed'])('offers Reschedule on a %s visit after today and hands the visit over', async (status) => {
    const onReschedule = vi.fn();
    const a = appointment({ status, start_time: '15:30' });
    render(<AppointmentCard appointment={a} today={TODAY} onCancel={() => {}} onReschedule={onReschedule} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reschedule appointment with Dr. Asha Rao on 12/03/2026 at 15:30' }));
    expect(onReschedule).toHaveBeenCalledWith(a);
  });

  it.each([
    ['a booked visit today', { appointment_date: TODAY }],
    ['a completed visit', { status: 'completed' }],
    ['a cancelled visit', { status: 'cancelled' }],
    ['a no-show', { status: 'no_show' }],
  ])('offers no Reschedule for %s', (_, over) => {
    render(<AppointmentCard appointment={appointment(over)} today={TODAY} onCancel={() => {}} onReschedule={() => {}} />);
    expect(screen.queryByRole('button', { name: /Reschedule/ })).toBeNull();
  });

  it('offers no Reschedule while a cancellation of the visit waits on the device', () => {
    render(
      <AppointmentCard
        appointment={appointment({})}
        today={TODAY}
        onCancel={() => {}}
        onReschedule={() => {}}
        cancellation={{ onUndo: () => {}, undoing: false }}
      />,
    );
    expect(screen.queryByRole('button', { name: /Reschedule/ })).toBeNull();
  });

  it('offline, Reschedule waits and says it needs the network', () => {
    render(<AppointmentCard appointment={appointment({})} today={TODAY} onCancel={() => {}} onReschedule={() => {}} offline />);
    const button = screen.getByRole('button', { name: /^Reschedule appointment/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You are offline. Rescheduling needs the network.');
  });
});
