// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../auth/test/render';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { AppointmentList } from './appointment-list';

const today = '2026-11-24';

function visit(over: Partial<ClinicAppointment>): ClinicAppointment {
  return {
    id: 1,
    appointment_date: today,
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
    requires_approval: false,
    ...over,
  };
}

const show = (appointments: ClinicAppointment[]) => renderWithApp(<AppointmentList appointments={appointments} clinicId={3} today={today} />);

/** The visible words of the buttons in the table row of `rep`. */
const buttonsOf = (rep: string) =>
  within(within(screen.getByRole('table')).getByRole('row', { name: new RegExp(rep) }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

// The server's order of the day (docs/decisions/039): by time, then booking; a cancelled visit keeps its row, without a token.
const day = [
  visit({ id: 5, start_time: '15:30', token: null, status: 'cancelled', rep_name: 'Gone Rep', company_name: 'Lupin' }),
  visit({ id: 3, start_time: '15:30', token: 1, rep_name: 'Meena Rao', company_name: 'Cipla', contact_number: '9876500002' }),
  visit({ id: 4, start_time: '15:45', token: 2, status: 'confirmed', rep_name: 'Ravi Sharma' }),
];

describe("the clinic's day view", () => {
  it('lists the visits in the order given with "#token · time", the rep, company and number (wide screens)', () => {
    show(day);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Token / Time', 'Date', 'Medical Rep', 'Contact', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['15:30', '#1 · 15:30', '#2 · 15:45']);
    expect(rows[1]).toHaveTextContent('Meena Rao');
    expect(rows[1]).toHaveTextContent('Cipla');
    expect(within(rows[1]!).getByRole('link', { name: '9876500002' })).toHaveAttribute('href', 'tel:9876500002');
    expect(rows[0]).toHaveTextContent('Cancelled');
  });

  it('shows the same order as cards on phones', () => {
    show(day);
    const cards = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^15:30Cancelled.*Gone Rep.*Lupin/),
      expect.stringMatching(/^#1 · 15:30Booked.*Meena Rao.*Cipla.*98765 ?00002/),
      expect.stringMatching(/^#2 · 15:45Confirmed.*Ravi Sharma.*Sun Pharma/),
    ]);
  });

  it('a doctor without visiting hours: the token alone', () => {
    show([visit({ id: 1, token: 1 }), visit({ id: 2, token: 2, rep_name: 'Second Rep' })]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['#1', '#2']);
  });
});

describe("the clinic's moves on a visit (decision 041)", () => {
  it('today: Confirm, Decline, Completed and No-show on a booked visit; no Confirm once confirmed; none once over', () => {
    show([
      visit({ id: 1, rep_name: 'Booked Rep' }),
      visit({ id: 2, rep_name: 'Confirmed Rep', status: 'confirmed' }),
      visit({ id: 3, rep_name: 'Done Rep', status: 'completed' }),
      visit({ id: 4, rep_name: 'Absent Rep', status: 'no_show' }),
      visit({ id: 5, rep_name: 'Gone Rep', status: 'cancelled' }),
    ]);
    expect(buttonsOf('Booked Rep')).toEqual(['Confirm', 'Decline', 'Completed', 'No-show']);
    expect(buttonsOf('Confirmed Rep')).toEqual(['Decline', 'Completed', 'No-show']);
    expect(buttonsOf('Done Rep')).toEqual([]);
    expect(buttonsOf('Absent Rep')).toEqual([]);
    expect(buttonsOf('Gone Rep')).toEqual([]);
  });

  it('a later day: Confirm and Decline only; a past day: Completed and No-show only', () => {
    show([
      visit({ id: 1, rep_name: 'Tomorrow Rep', appointment_date: '2026-11-25' }),
      visit({ id: 2, rep_name: 'Yesterday Rep', appointment_date: '2026-11-23' }),
    ]);
    expect(buttonsOf('Tomorrow Rep')).toEqual(['Confirm', 'Decline']);
    expect(buttonsOf('Yesterday Rep')).toEqual(['Completed', 'No-show']);
  });

  it("names each button with the rep's name, on the table and on the phone's card", () => {
    show([visit({ id: 1 })]);
    const table = screen.getByRole('table');
    for (const name of [
      "Confirm Ravi Sharma's visit",
      "Decline Ravi Sharma's visit",
      "Mark Ravi Sharma's visit completed",
      "Mark Ravi Sharma's visit as no-show",
    ]) {
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Appointments' })).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("shows 'Arrived HH:MM' in Indian time once the rep checked in, and 'Awaiting confirmation' for a visit booked to be confirmed", () => {
    // decision 053: per visit; one booked before the doctor's 'Confirm each booking' reads 'Booked'.
    show([visit({ id: 1, checked_in_at: '2026-11-24T10:12:30.000Z' }), visit({ id: 2, rep_name: 'Later Rep', requires_approval: true })]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Arrived 15:42');
    expect(rows[0]).toHaveTextContent('Booked');
    expect(rows[1]).not.toHaveTextContent('Arrived');
    expect(rows[1]).toHaveTextContent('Awaiting confirmation');
    expect(within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('listitem')[0]).toHaveTextContent('Arrived 15:42');
  });

  it('shows both times of a check-in typed offline that reached RepVisit over 10 minutes later (decision 046)', () => {
    show([
      visit({ id: 1, checked_in_at: '2026-11-24T05:50:00.000Z', check_in_received_at: '2026-11-24T06:26:00.000Z' }),
      visit({ id: 2, rep_name: 'Prompt Rep', checked_in_at: '2026-11-24T05:50:00.000Z', check_in_received_at: '2026-11-24T05:55:00.000Z' }),
    ]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Arrived 11:20(sent offline, reached RepVisit 11:56)');
    expect(rows[1]).toHaveTextContent('Arrived 11:20');
    expect(rows[1]).not.toHaveTextContent('sent offline');
  });
});
