// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../auth/test/render';
import { addDays, formatDisplayDate, todayInIndia } from '../../../../../shared/dates';
import type { ClinicDoctor } from '../../../../../shared/schemas/clinic';
import { clinicVisitsResponseSchema, type ClinicVisit } from '../../../../../shared/schemas/visits';
import { VisitHistory } from './clinic-visit-history';

// The clinic's Visit History (docs/decisions/041-visit-outcomes-and-proof.md) against answers of the wire schema.

afterEach(() => vi.unstubAllGlobals());

const today = todayInIndia(new Date());
const doctors: ClinicDoctor[] = [
  { id: 9, name: 'Dr. Hina Wani', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' },
  { id: 11, name: 'Dr. Omar Mir', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' },
];
const visit = (over: Partial<ClinicVisit>): ClinicVisit => ({
  id: 1,
  appointment_date: addDays(today, -1),
  start_time: '15:30',
  doctor_id: 9,
  doctor_name: 'Dr. Hina Wani',
  rep_name: 'Ravi Sharma',
  company_name: 'Sun Pharma',
  status: 'completed',
  cancelled_by: null,
  cancel_reason: null,
  checked_in_at: null,
  ...over,
});

function server(visits: ClinicVisit[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const body = clinicVisitsResponseSchema.parse({ visits, from: q.get('from'), to: q.get('to') });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

describe('Visit History', () => {
  it("asks for the chosen doctor's last 30 days, lists each outcome and check-in, and downloads the same as CSV", async () => {
    const urls = server([
      visit({ id: 3, checked_in_at: `${addDays(today, -1)}T10:12:00.000Z` }),
      visit({ id: 2, status: 'cancelled', cancelled_by: 'clinic', cancel_reason: 'Doctor has some important work', rep_name: 'Meena Rao' }),
      visit({ id: 1, status: 'booked', appointment_date: addDays(today, -2), start_time: null, rep_name: 'Old Rep' }),
    ]);
    renderWithApp(<VisitHistory clinicId={4} doctors={doctors} defaultDoctorId={9} />);
    expect(screen.getByLabelText('Doctor')).toHaveValue('9');
    expect(screen.getByLabelText('From')).toHaveValue(addDays(today, -30));
    expect(screen.getByLabelText('To')).toHaveValue(today);

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const query = `clinicId=4&doctorId=9&from=${addDays(today, -30)}&to=${today}`;
    expect(urls).toEqual([`/api/clinic/visits?${query}`]);
    expect(rows[0]).toHaveTextContent(`${formatDisplayDate(addDays(today, -1))}15:30Ravi SharmaSun PharmaCompleted15:42`);
    expect(rows[1]).toHaveTextContent('Cancelled by youDoctor has some important work');
    expect(rows[2]).toHaveTextContent('Not recorded');
    expect(rows[2]).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/clinic/visits.csv?${query}`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download');
    // Phones: the same as cards.
    expect(within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem')[0]).toHaveTextContent('Checked in: 15:42');
  });

  it('all doctors: asked without a doctor; an empty range says so; a range the wrong way round is not asked', async () => {
    const urls = server([]);
    const user = userEvent.setup();
    renderWithApp(<VisitHistory clinicId={4} doctors={doctors} defaultDoctorId={9} />);
    await user.selectOptions(screen.getByLabelText('Doctor'), 'All doctors');
    expect(await screen.findByText(`No visits between ${formatDisplayDate(addDays(today, -30))} and ${formatDisplayDate(today)}.`)).toBeInTheDocument();
    expect(urls.at(-1)).toBe(`/api/clinic/visits?clinicId=4&from=${addDays(today, -30)}&to=${today}`);

    const asked = urls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: addDays(today, 1) } });
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('The from date must not be after the to date.');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(urls).toHaveLength(asked);
  });
});
