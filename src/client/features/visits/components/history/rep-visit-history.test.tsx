// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInIndia } from '../../../../../shared/dates';
import type { RepVisit } from '../../../../../shared/schemas/visits';
import { renderWithApp } from '../../../auth/test/render';
import { fakeApi } from '../../../rep/test/fake-api';
import { VisitHistory } from './rep-visit-history';

// Docs/decisions/041: the rep's past visits with their outcome and check-in time, by dates, exported as CSV.

const TODAY = todayInIndia(new Date());
const FROM = addDays(TODAY, -30);

function visit(over: Partial<RepVisit>): RepVisit {
  return {
    id: 1,
    appointment_date: addDays(TODAY, -3),
    start_time: null,
    doctor_name: 'Asha Rao',
    doctor_specialty: 'Cardiology',
    clinic_name: 'Lake View Clinic',
    clinic_city: 'Srinagar',
    status: 'completed',
    cancelled_by: null,
    cancel_reason: null,
    checked_in_at: null,
    ...over,
  };
}

afterEach(() => vi.unstubAllGlobals());

const serve = (visits: RepVisit[]) =>
  fakeApi({ 'GET /api/rep-visits': ({ url }) => ({ body: { visits, from: url.searchParams.get('from'), to: url.searchParams.get('to') } }) });

describe('VisitHistory', () => {
  it('asks for the last 30 days and lists each visit with its outcome, check-in time and proof', async () => {
    const calls = serve([
      visit({ id: 1, start_time: '15:30', checked_in_at: '2026-03-10T10:12:30.000Z' }),
      visit({ id: 2, status: 'no_show', doctor_name: 'Imran Wani' }),
      visit({ id: 3, status: 'cancelled', cancelled_by: 'clinic', cancel_reason: 'Doctor called away' }),
      visit({ id: 4, status: 'cancelled', cancelled_by: 'rep' }),
      visit({ id: 5, status: 'booked' }),
    ]);
    renderWithApp(<VisitHistory />);
    const items = await screen.findAllByTestId('visit-history-item');
    expect(calls[0]!.query.get('from')).toBe(FROM);
    expect(calls[0]!.query.get('to')).toBe(TODAY);
    expect(screen.getByLabelText('From')).toHaveValue(FROM);
    expect(screen.getByLabelText('To')).toHaveValue(TODAY);
    expect(screen.getByText('5 visits')).toBeInTheDocument();

    expect(items[0]).toHaveTextContent('Dr. Asha Rao');
    expect(items[0]).toHaveTextContent('Cardiology');
    expect(items[0]).toHaveTextContent('Lake View Clinic, Srinagar');
    expect(items[0]).toHaveTextContent('15:30');
    expect(items[0]).toHaveTextContent('Completed');
    expect(items[0]).toHaveTextContent('Checked in 15:42');
    expect(within(items[0]!).getByRole('button', { name: /^Proof of visit: Dr. Asha Rao on .* at 15:30$/ })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('No-show');
    expect(items[1]).toHaveTextContent('Not checked in');
    expect(within(items[1]!).queryByRole('button', { name: /Proof of visit/ })).toBeNull();
    expect(items[2]).toHaveTextContent('Cancelled by the clinic');
    expect(items[2]).toHaveTextContent('Reason: Doctor called away');
    expect(items[3]).toHaveTextContent('Cancelled by you');
    expect(items[4]).toHaveTextContent('Not recorded');
  });

  it('exports the dates on view as CSV through a download link', async () => {
    serve([]);
    renderWithApp(<VisitHistory />);
    expect(await screen.findByText('No visits in these dates.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('href', `/api/rep-visits.csv?from=${FROM}&to=${TODAY}`);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/rep-visits.csv?from=2026-01-01&to=${TODAY}`);
  });

  it('says what is wrong with the dates and asks nothing until they make a range', async () => {
    const calls = serve([]);
    renderWithApp(<VisitHistory />);
    await screen.findByText('No visits in these dates.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: addDays(TODAY, 1) } });
    expect(screen.getByText('The from date must not be after the to date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(calls).toHaveLength(1);
  });
});
