// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { adminAppointmentsResponseSchema, type AdminAppointment } from '../../../../shared/schemas/admin';
import { AppointmentsTab } from './appointments-tab';
import { i18n } from '../../../lib/i18n';
import hi from '../../../../shared/i18n/client/hi.json' with { type: 'json' };

// The admin sees why a visit was cancelled, a clinic's reason or its planned absence's (docs/decisions/040), in the
// table on wide screens and on the phone cards. The answer is checked against the wire schema the server sends.

afterEach(() => vi.unstubAllGlobals());

const visit = (o: Partial<AdminAppointment>): AdminAppointment => ({
  id: 1,
  appointment_date: '2026-03-10',
  start_time: null,
  token: 1,
  status: 'booked',
  cancel_reason: null,
  doctor_name: 'Dr. Hina Wani',
  specialty: 'Cardiology',
  clinic_name: 'Dal Gate Clinic',
  rep_name: 'Ravi Kumar',
  company: 'Sun Pharma',
  rep_phone: '9876543210',
  booked_at: '2026-03-01T10:00:00.000Z',
  ...o,
});

function answerWith(appointments: AdminAppointment[], more: { nextCursor?: string; total?: number; overall?: number } = {}) {
  const total = { count: more.total ?? appointments.length, exact: true };
  const body = adminAppointmentsResponseSchema.parse({
    appointments,
    nextCursor: more.nextCursor ?? null,
    total,
    overall: more.overall === undefined ? total : { count: more.overall, exact: true },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

describe('the admin Appointments tab', () => {
  it('shows the reason under the status of a cancelled visit, on the table and on the phone cards', async () => {
    answerWith([
      visit({ id: 1, status: 'cancelled', cancel_reason: 'Doctor is leaving for conference', rep_name: 'Ravi Kumar' }),
      visit({ id: 2, status: 'booked', rep_name: 'Anil Sharma' }),
    ]);
    renderWithApp(<AppointmentsTab />);
    const table = await screen.findByRole('table');
    const [, cancelled, booked] = within(table).getAllByRole('row');
    expect(cancelled).toHaveTextContent('Ravi Kumar');
    expect(cancelled).toHaveTextContent('Cancelled: Doctor is leaving for conference');
    expect(booked).toHaveTextContent('Anil Sharma');
    expect(booked).not.toHaveTextContent('Cancelled:');

    const cards = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Cancelled: Doctor is leaving for conference');
    expect(cards[1]).not.toHaveTextContent('Cancelled:');
  });

  it('names a no-show visit No-show on its badge, and the status filter offers it (docs/decisions/041)', async () => {
    answerWith([visit({ id: 3, status: 'no_show', rep_name: 'Imran Bhat' }), visit({ id: 4, status: 'completed', rep_name: 'Sana Mir' })]);
    renderWithApp(<AppointmentsTab />);
    const table = await screen.findByRole('table');
    const [, missed, done] = within(table).getAllByRole('row');
    expect(missed).toHaveTextContent('No-show');
    expect(done).toHaveTextContent('Completed');
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(within(filter).getByRole('option', { name: 'No-show' })).toHaveValue('no_show');
  });

  it("counts 'Showing X of Y appointments' as the rows the filters match of every appointment (spec part 2, 2.5)", async () => {
    // 5 cancelled of 37 appointments, the first page of 2 loaded.
    answerWith([visit({ id: 5, status: 'cancelled' }), visit({ id: 6, status: 'cancelled' })], { nextCursor: 'next', total: 5, overall: 37 });
    renderWithApp(<AppointmentsTab />);
    expect(await screen.findByText('Showing 5 of 37 appointments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more appointments' })).toBeInTheDocument();
  });

  it('says the spec’s quick pick in the language on screen, and a typed reason as typed (docs/decisions/052)', async () => {
    answerWith([
      visit({ id: 7, status: 'cancelled', cancel_reason: 'Doctor is leaving for conference', rep_name: 'Ravi Kumar' }),
      visit({ id: 8, status: 'cancelled', cancel_reason: 'Doctor is leaving for conference early', rep_name: 'Anil Sharma' }),
    ]);
    // The Hindi texts this row needs, in the plain form the client's compiler takes.
    const needed = ['Doctor is leaving for conference', 'Cancelled: {reason}'] as const;
    i18n.load('hi', Object.fromEntries(needed.map((id) => [id, hi[id]])));
    i18n.activate('hi');
    try {
      renderWithApp(<AppointmentsTab />);
      const table = await screen.findByRole('table');
      const [, picked, typed] = within(table).getAllByRole('row');
      expect(picked).toHaveTextContent(hi['Cancelled: {reason}'].replace('{reason}', hi['Doctor is leaving for conference']));
      expect(typed).toHaveTextContent(hi['Cancelled: {reason}'].replace('{reason}', 'Doctor is leaving for conference early'));
    } finally {
      i18n.activate('en');
    }
  });
});
