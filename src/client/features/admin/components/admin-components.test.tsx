// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { AppointmentFilters, NO_FILTERS, applyAppointmentFilters } from './appointment-filters';
import { BroadcastBox } from './broadcast-box';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ReregistrationTool } from './reregistration-tool';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';

describe('ConfirmDeleteDialog (spec part 2, 5)', () => {
  it('keeps Delete disabled until CONFIRM is typed exactly', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithApp(
      <ConfirmDeleteDialog open onOpenChange={() => {}} title="Delete Doctor" description="Gone for good." onConfirm={onConfirm} pending={false} />,
    );
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    const input = screen.getByLabelText('Type CONFIRM to confirm');
    await user.type(input, 'confirm');
    expect(del).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'CONFIRM');
    expect(del).toBeEnabled();
    await user.click(del);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('BroadcastBox (spec part 2, 2.5)', () => {
  it('counts characters up to 500, previews the message and clears it', async () => {
    const user = userEvent.setup();
    renderWithApp(<BroadcastBox />);
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello reps');
    expect(screen.getByText('10/500 characters')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Hello reps');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Notification' })).toBeDisabled();
  });
});

describe('appointment filters (spec part 2, 2.5)', () => {
  const base = { specialty: 'Cardiology', clinic_name: 'C', rep_name: 'R', company: 'X', rep_phone: '1', booked_at: '2026-03-01T00:00:00Z' };
  const list = [
    { ...base, id: 1, doctor_name: 'Dr. Mir', appointment_date: '2026-03-02', status: 'booked' },
    { ...base, id: 2, doctor_name: 'Dr. Lone', appointment_date: '2026-03-05', status: 'cancelled' },
    { ...base, id: 3, doctor_name: 'Dr. Mirza', appointment_date: '2026-03-09', status: 'completed' },
  ];
  it('filters by doctor name, date range (inclusive) and status', () => {
    expect(applyAppointmentFilters(list, NO_FILTERS).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(applyAppointmentFilters(list, { ...NO_FILTERS, doctor: 'mir' }).map((a) => a.id)).toEqual([1, 3]);
    expect(applyAppointmentFilters(list, { ...NO_FILTERS, from: '2026-03-05', to: '2026-03-09' }).map((a) => a.id)).toEqual([2, 3]);
    expect(applyAppointmentFilters(list, { ...NO_FILTERS, status: 'cancelled' }).map((a) => a.id)).toEqual([2]);
  });

  it('Clear Filters resets every field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<AppointmentFilters value={{ doctor: 'x', from: '2026-01-01', to: '', status: 'booked' }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onChange).toHaveBeenCalledWith(NO_FILTERS);
  });
});

describe('ReregistrationTool (spec part 2, 2.5 and 5)', () => {
  it('refuses typed text with no address in it, then an empty list, in toasts', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReregistrationTool />);
    await user.type(screen.getByLabelText('Or enter e-mail addresses'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send to Selected' }));
    expect(await screen.findByText(ADMIN_MESSAGES.invalidEmailsText)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Or enter e-mail addresses'));
    await user.click(screen.getByRole('button', { name: 'Send to Selected' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noReregistrationRecipients)).toBeInTheDocument();
  });
});
