// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClinicAppointment } from '../../../../shared/schemas/clinic';
import { AppointmentList } from './appointment-list';

afterEach(cleanup);

function visit(over: Partial<ClinicAppointment>): ClinicAppointment {
  return {
    id: 1,
    appointment_date: '2026-11-24',
    start_time: null,
    token: null,
    rep_id: 10,
    doctor_id: 2,
    clinic_id: 3,
    rep_name: 'Ravi Sharma',
    company_name: 'Sun Pharma',
    contact_number: '9876500001',
    status: 'booked',
    checked_in_at: null,
    ...over,
  };
}

// The server's order of the day (docs/decisions/039): by time, then booking; a cancelled visit keeps its row, without a token.
const day = [
  visit({ id: 5, start_time: '15:30', token: null, status: 'cancelled', rep_name: 'Gone Rep', company_name: 'Lupin' }),
  visit({ id: 3, start_time: '15:30', token: 1, rep_name: 'Meena Rao', company_name: 'Cipla', contact_number: '9876500002' }),
  visit({ id: 4, start_time: '15:45', token: 2, status: 'confirmed', rep_name: 'Ravi Sharma' }),
];

describe("the clinic's day view", () => {
  it('lists the visits in the order given with "#token · time", the rep, company and number (wide screens)', () => {
    render(<AppointmentList appointments={day} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Token / Time', 'Date', 'Medical Rep', 'Contact']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['15:30', '#1 · 15:30', '#2 · 15:45']);
    expect(rows[1]).toHaveTextContent('Meena Rao');
    expect(rows[1]).toHaveTextContent('Cipla');
    expect(within(rows[1]!).getByRole('link', { name: '9876500002' })).toHaveAttribute('href', 'tel:9876500002');
    expect(rows[0]).toHaveTextContent('Cancelled');
  });

  it('shows the same order as cards on phones', () => {
    render(<AppointmentList appointments={day} />);
    const cards = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^15:30Cancelled.*Gone Rep.*Lupin/),
      expect.stringMatching(/^#1 · 15:30Booked.*Meena Rao.*Cipla.*98765 ?00002/),
      expect.stringMatching(/^#2 · 15:45Confirmed.*Ravi Sharma.*Sun Pharma/),
    ]);
  });

  it('a doctor without visiting hours: the token alone', () => {
    render(<AppointmentList appointments={[visit({ id: 1, token: 1 }), visit({ id: 2, token: 2, rep_name: 'Second Rep' })]} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['#1', '#2']);
  });
});
