// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { listUrl } from '../api/admin-list-query';
import { countText } from '../lib/paged-rows';
import { AppointmentFilters, NO_FILTERS } from './appointment-filters';
import { BroadcastBox } from './broadcast-box';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { LoadMore } from './load-more';
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
  it('are sent to the server in the query string, empty fields left out (docs/decisions/022)', () => {
    expect(listUrl('/api/admin/appointments', { doctor: 'mir & co', from: '2026-03-05', to: '', status: undefined })).toBe(
      '/api/admin/appointments?doctor=mir+%26+co&from=2026-03-05',
    );
    expect(listUrl('/api/admin/appointments', {}, 'WzEsMl0')).toBe('/api/admin/appointments?cursor=WzEsMl0');
    expect(listUrl('/api/admin/appointments.csv', { status: 'booked' })).toBe('/api/admin/appointments.csv?status=booked');
  });

  it('writes the total in Indian digit groups, an estimate with "about"', () => {
    expect(countText({ count: 1234567, exact: true })).toBe('12,34,567');
    expect(countText({ count: 100000, exact: false })).toBe('about 1,00,000');
  });

  it('Clear Filters resets every field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<AppointmentFilters value={{ doctor: 'x', from: '2026-01-01', to: '', status: 'booked' }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onChange).toHaveBeenCalledWith(NO_FILTERS);
  });
});

describe('LoadMore (docs/decisions/022)', () => {
  it('asks for the next page, and moves focus to the end line when the last page has come', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const props = { noun: 'appointments', shown: 50, onLoadMore };
    const view = render(<LoadMore {...props} hasMore loading={false} />); // no providers: rerender keeps its state
    await user.click(screen.getByRole('button', { name: 'Load more appointments' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    const button = screen.getByRole('button', { name: 'Load more appointments' });
    button.focus();
    view.rerender(<LoadMore {...props} hasMore loading />);
    // Still focused while the page loads, and a second press asks nothing more.
    expect(screen.getByRole('button', { name: 'Loading more appointments…' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Loading more appointments…' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Loading more appointments…' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    view.rerender(<LoadMore {...props} shown={72} hasMore={false} loading={false} />);
    expect(screen.getByText('All 72 appointments shown.')).toHaveFocus();
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
