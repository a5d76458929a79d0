// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepAppointment } from '../../../../shared/schemas/booking';
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
    ['confirmed', '2026-03-12', 'Appointment Cancelled', 'Thursday'],
  ])('a %s appointment on %s shows %s instead of a cancel button', (status, date, reason, label) => {
    render(<AppointmentCard appointment={appointment({ status, appointment_date: date })} today={TODAY} onCancel={() => {}} />);
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
