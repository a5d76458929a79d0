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
    status: 'booked',
    doctor_name: 'Asha Rao',
    doctor_specialty: 'Cardiology',
    clinic_name: 'Lake View Clinic',
    clinic_id: 1,
    doctor_id: 2,
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
