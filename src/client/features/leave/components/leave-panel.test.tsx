// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { addDays, formatDisplayDate, todayInIndia, weekdayIn } from '../../../../shared/dates';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { createLeaveResponseSchema, LEAVE_MESSAGES, listLeaveResponseSchema, type Leave } from '../../../../shared/schemas/leave';
import { LeavePanel } from './leave-panel';

// The clinic's 'Leave & Holidays' panel (docs/decisions/040-planned-absences.md), against answers of the wire
// schemas the server sends (e2e/leave.spec.ts runs it against the real server).

afterEach(() => vi.unstubAllGlobals());

const today = todayInIndia(new Date());
const doctors: ClinicDoctor[] = [
  { id: 9, name: 'Dr. Hina Wani', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' },
  { id: 11, name: 'Dr. Omar Mir', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' },
];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server of `leaves`, whose preview counts `visits` and whose POST answers `created` (or a refusal). */
function server(o: { leaves?: Leave[]; visits?: number; created?: Response } = {}) {
  let leaves = o.leaves ?? [];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (url.startsWith('/api/clinic/leave/preview')) return json({ cancelledCount: o.visits ?? 0 });
      if (method === 'GET') return json(listLeaveResponseSchema.parse({ leaves }));
      if (method === 'DELETE') {
        leaves = leaves.filter((l) => `/api/clinic/leave/${l.id}` !== url);
        return json({ message: LEAVE_MESSAGES.ended });
      }
      return o.created ?? json({ message: 'x' }, 500);
    }),
  );
  return calls;
}

const open = () => renderWithApp(<LeavePanel clinicId={4} doctors={doctors} selectedDoctorId={9} />);

describe('Leave & Holidays', () => {
  it("follows the dashboard's doctor chosen after the panel shows, until the clinic picks someone here", async () => {
    server();
    const user = userEvent.setup();
    function Host() {
      const [selected, setSelected] = useState<number | undefined>(undefined);
      return (
        <>
          <button type="button" onClick={() => setSelected((s) => (s === 9 ? 11 : 9))}>
            choose
          </button>
          <LeavePanel clinicId={4} doctors={doctors} selectedDoctorId={selected} />
        </>
      );
    }
    renderWithApp(<Host />);
    expect(screen.getByLabelText('Who is away')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'choose' }));
    expect(screen.getByLabelText('Who is away')).toHaveValue('9');
    await user.selectOptions(screen.getByLabelText('Who is away'), 'Whole clinic');
    await user.click(screen.getByRole('button', { name: 'choose' }));
    expect(screen.getByLabelText('Who is away')).not.toHaveValue('11');
  });

  it('shows each shared message beside its field, linked for screen readers, and focuses the first', async () => {
    server();
    const user = userEvent.setup();
    open();
    expect(screen.getByLabelText('Who is away')).toHaveValue('9');
    await user.click(screen.getByRole('button', { name: 'Save Leave' }));
    const from = screen.getByLabelText('First day away');
    expect(from).toHaveFocus();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(LEAVE_MESSAGES.from);
    expect(screen.getByLabelText('Last day away')).toHaveAccessibleDescription(LEAVE_MESSAGES.to);
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('Please give a reason of 3 to 200 characters.') as string);

    fireEvent.change(from, { target: { value: addDays(today, -1) } });
    expect(from).toHaveAccessibleDescription(LEAVE_MESSAGES.past);
  });

  it('checks each choice as it is made: a last day before the first at once, the reason once it was long enough', async () => {
    server();
    const user = userEvent.setup();
    open();
    const from = screen.getByLabelText('First day away');
    const to = screen.getByLabelText('Last day away');
    const reason = screen.getByLabelText('Reason');
    fireEvent.change(from, { target: { value: addDays(today, 5) } });
    fireEvent.change(to, { target: { value: addDays(today, 3) } });
    // No field left, nothing saved: the wrong order is said beside the last day already, and no days are summed up.
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(LEAVE_MESSAGES.order);
    expect(screen.getByTestId('leave-days')).toBeEmptyDOMElement();
    fireEvent.change(to, { target: { value: addDays(today, 7) } });
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('leave-days')).toHaveTextContent(
      `Away 3 days: ${weekdayIn('en', addDays(today, 5))} ${formatDisplayDate(addDays(today, 5))} to ${weekdayIn('en', addDays(today, 7))} ${formatDisplayDate(addDays(today, 7))}`,
    );
    fireEvent.change(from, { target: { value: addDays(today, -1) } });
    expect(from).toHaveAccessibleDescription(LEAVE_MESSAGES.past);

    // The first letters of a reason are not called too short; a reason cut below 3 characters is, while typing.
    await user.type(reason, 'Ey');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.type(reason, 'e');
    await user.type(reason, '{Backspace}');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Please give a reason of 3 to 200 characters.') as string);
  });

  it('fills To from From and the reason from a quick pick, previews the count, asks naming it, and toasts what it did', async () => {
    const from = addDays(today, 2);
    const to = addDays(today, 4);
    const leave = { id: 5, clinicId: 4, doctorId: 9, from, to, reason: 'Doctor is leaving for conference' };
    const calls = server({
      visits: 2,
      created: json(createLeaveResponseSchema.parse({ message: 'Absence saved', leave, cancelledCount: 2, notified: 2 }), 201),
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('No leave or clinic holidays planned.')).toBeInTheDocument();
    expect(screen.getByTestId('leave-preview')).toHaveTextContent('Choose who is away and the dates');

    fireEvent.change(screen.getByLabelText('First day away'), { target: { value: from } });
    expect(screen.getByLabelText('Last day away')).toHaveValue(from);
    fireEvent.change(screen.getByLabelText('Last day away'), { target: { value: to } });
    // A doctor's leave offers the doctor's picks, not the clinic's closing (decision 053).
    expect(screen.queryByRole('button', { name: 'Clinic will be closed today' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Doctor is on leave' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Doctor is leaving for conference' }));
    expect(screen.getByLabelText('Reason')).toHaveValue('Doctor is leaving for conference');
    expect(screen.getByRole('button', { name: 'Doctor is leaving for conference' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByTestId('leave-preview')).toHaveTextContent('2 booked visits will be cancelled and the reps e-mailed'));
    expect(calls.some((c) => c.url === `/api/clinic/leave/preview?clinicId=4&from=${from}&to=${to}&doctorId=9`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 booked visits?' });
    expect(dialog).toHaveTextContent(`${formatDisplayDate(from)} - ${formatDisplayDate(to)}`);
    expect(dialog).toHaveTextContent('Dr. Hina Wani');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save and cancel 2 visits' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Leave saved');
    expect(screen.getByTestId('toast')).toHaveTextContent('2 visits cancelled, 2 reps told');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ clinicId: 4, doctorId: 9, from, to, reason: 'Doctor is leaving for conference' });
    expect(screen.getByLabelText('First day away')).toHaveValue('');
  });

  it('saves a whole-clinic closure with no visits in it at once, and puts the server refusal beside its field', async () => {
    const calls = server({ visits: 0, created: json({ message: LEAVE_MESSAGES.past, code: 'leave_in_past' }, 400) });
    const user = userEvent.setup();
    open();
    await user.selectOptions(screen.getByLabelText('Who is away'), 'Whole clinic');
    fireEvent.change(screen.getByLabelText('First day away'), { target: { value: today } });
    await user.type(screen.getByLabelText('Reason'), 'Eid holiday');
    await waitFor(() => expect(screen.getByTestId('leave-preview')).toHaveTextContent('No booked visits fall in these dates.'));
    await user.click(screen.getByRole('button', { name: 'Save Leave' }));
    await waitFor(() => expect(screen.getByLabelText('First day away')).toHaveAccessibleDescription(LEAVE_MESSAGES.past));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ clinicId: 4, doctorId: null, from: today, to: today, reason: 'Eid holiday' });
  });

  it("lists absences with who, dates, days, reason and 'Current', and ends one early after asking", async () => {
    const current = { id: 1, clinicId: 4, doctorId: null, from: addDays(today, -1), to: addDays(today, 1), reason: 'Clinic will be closed today' };
    const later = { id: 2, clinicId: 4, doctorId: 11, from: addDays(today, 10), to: addDays(today, 10), reason: 'Annual leave' };
    const calls = server({ leaves: [later, current] });
    const user = userEvent.setup();
    open();
    const items = await screen.findAllByTestId('leave-item');
    expect(items[0]).toHaveTextContent(`Whole clinicCurrent${formatDisplayDate(current.from)} - ${formatDisplayDate(current.to)} · 3 days`);
    expect(items[1]).toHaveTextContent(`Dr. Omar Mir${formatDisplayDate(later.from)} - ${formatDisplayDate(later.to)} · 1 dayAnnual leave`);
    expect(items[1]).not.toHaveTextContent('Current');

    await user.click(within(items[0]!).getByRole('button', { name: /^End early/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End this absence early?' });
    expect(dialog).toHaveAccessibleDescription('Its days can be booked again; cancelled visits stay cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'End Early' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Absence ended');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/clinic/leave/1')).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('leave-item')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Upcoming and current' })).toHaveFocus());
  });
});
