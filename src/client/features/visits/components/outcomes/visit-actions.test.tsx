// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../auth/test/render';
import { VISIT_STATUS_MESSAGES } from '../../../../../shared/booking/visit-status';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { visitStatusChangedResponseSchema } from '../../../../../shared/schemas/visits';
import { VisitActions } from './visit-actions';

// The clinic's moves on one visit against answers of the wire schema (docs/decisions/041-visit-outcomes-and-proof.md).

afterEach(() => vi.unstubAllGlobals());

const today = '2026-11-24';
const ravi: ClinicAppointment = {
  id: 42,
  appointment_date: today,
  start_time: '15:30',
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
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server answering each status change with `answer` (the request's status, by default accepted). */
function server(answer?: (body: { status: string; reason?: string }) => Response) {
  const calls: { url: string; body: { status: string; reason?: string } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as { status: 'cancelled' | 'completed'; reason?: string };
      calls.push({ url, body });
      if (answer) return answer(body);
      const message = VISIT_STATUS_MESSAGES[body.status];
      return json(visitStatusChangedResponseSchema.parse({ message, appointment: { ...ravi, status: body.status } }));
    }),
  );
  return calls;
}

const open = () => renderWithApp(<VisitActions clinicId={3} visit={ravi} today={today} />);

describe("a visit's buttons (decision 041)", () => {
  it("'Completed' sends the move and toasts the server's message", async () => {
    const calls = server();
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: "Mark Ravi Sharma's visit completed" }));
    // Asks first (decision 046): nothing is sent until the clinic confirms.
    const dialog = await screen.findByRole('dialog', { name: "Mark Ravi Sharma's visit completed?" });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Visit marked completed');
    expect(calls).toEqual([{ url: '/api/clinic/appointments/42/status', body: { status: 'completed' } }]);
  });

  it("a refusal toasts the server's message", async () => {
    server(() => json({ message: VISIT_STATUS_MESSAGES.confirmOnlyBooked, code: 'invalid_status_change' }, 409));
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: "Confirm Ravi Sharma's visit" }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(VISIT_STATUS_MESSAGES.confirmOnlyBooked);
  });

  it('Decline asks a reason first: without one nothing is sent; a quick pick or text is sent with the decline', async () => {
    const calls = server();
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: "Decline Ravi Sharma's visit" }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Ravi Sharma's visit?" });
    expect(dialog).toHaveTextContent('24/11/2026 at 15:30');

    await user.click(within(dialog).getByRole('button', { name: 'Decline visit' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(VISIT_STATUS_MESSAGES.reasonRequired) as string);
    // Blanks are not a reason.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline visit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VISIT_STATUS_MESSAGES.reasonRequired);
    expect(calls).toHaveLength(0);
    expect(reason).toHaveAttribute('maxLength', '200');
    // Two letters say nothing to the rep (decision 053); and the picks fit one visit: the clinic is not closed.
    await user.clear(reason);
    await user.type(reason, 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Decline visit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VISIT_STATUS_MESSAGES.reasonTooShort);
    expect(calls).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Clinic will be closed today' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Doctor has some important work' }));
    expect(reason).toHaveValue('Doctor has some important work');
    expect(within(dialog).getByRole('button', { name: 'Doctor has some important work' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(reason, ' till 5 pm');
    await user.click(within(dialog).getByRole('button', { name: 'Decline visit' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(VISIT_STATUS_MESSAGES.cancelled);
    expect(calls).toEqual([{ url: '/api/clinic/appointments/42/status', body: { status: 'cancelled', reason: 'Doctor has some important work till 5 pm' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('No-show asks first and Go Back sends nothing; a rep who checked in has no No-show button', async () => {
    const calls = server();
    const user = userEvent.setup();
    const { unmount } = open();
    await user.click(screen.getByRole('button', { name: "Mark Ravi Sharma's visit as no-show" }));
    const dialog = await screen.findByRole('dialog', { name: "Mark Ravi Sharma's visit as no-show?" });
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
    unmount();

    renderWithApp(<VisitActions clinicId={3} visit={{ ...ravi, checked_in_at: '2026-11-24T05:50:00.000Z' }} today={today} />);
    expect(screen.getByRole('button', { name: "Mark Ravi Sharma's visit completed" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Mark Ravi Sharma's visit as no-show" })).toBeNull();
  });

  it('offers Undo for 10 minutes after the clinic marked the outcome, and sends it', async () => {
    const marked = { ...ravi, status: 'completed' as const, outcome_by: 'clinic', outcome_at: new Date(Date.now() - 9 * 60_000).toISOString() };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return json(
          visitStatusChangedResponseSchema.parse({ message: VISIT_STATUS_MESSAGES.undone, appointment: { ...ravi, outcome_at: null, outcome_by: null } }),
        );
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<VisitActions clinicId={3} visit={marked} today={today} />);
    await user.click(screen.getByRole('button', { name: "Undo the outcome of Ravi Sharma's visit" }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Outcome undone');
    expect(calls).toEqual(['/api/clinic/appointments/42/undo-outcome']);
    unmount();

    // Eleven minutes on, or marked by the end-of-day close: no Undo.
    for (const visit of [
      { ...marked, outcome_at: new Date(Date.now() - 11 * 60_000).toISOString() },
      { ...marked, outcome_by: 'system' },
    ]) {
      const shown = renderWithApp(<VisitActions clinicId={3} visit={visit} today={today} />);
      expect(screen.queryByRole('button', { name: "Undo the outcome of Ravi Sharma's visit" })).toBeNull();
      shown.unmount();
    }
  });
});
