// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../shared/booking/booking-rules';
import { VISIT_TIME_MESSAGES } from '../../../../shared/booking/visit-windows';
import type { QueuedDaySlots } from '../lib/queued-calendar';
import { i18n } from '../../../lib/i18n';
import { SelectedDatePanel } from './selected-date-panel';
import type { VisitTimePickerProps } from './visit-time-picker';

afterEach(cleanup);

describe('SelectedDatePanel', () => {
  it('offers Book Appointment for a day that can be booked', async () => {
    const onBook = vi.fn();
    render(<SelectedDatePanel date="2026-03-17" slotsLeft={2} booking={false} onBook={onBook} />);
    const panel = screen.getByRole('region', { name: 'Selected date' });
    expect(panel).toHaveTextContent('Tuesday, 17/03/2026');
    expect(panel).toHaveTextContent('2 slots left');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Book Appointment' }));
    expect(onBook).toHaveBeenCalledTimes(1);
  });

  it("says why a picked day cannot be booked, in the spec's words, and offers no Book button", () => {
    const message = BOOKING_MESSAGES.frequency('2026-03-27');
    render(<SelectedDatePanel date="2026-03-21" slotsLeft={3} refusal={message} booking={false} onBook={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Selected date' });
    expect(panel).toHaveTextContent('Saturday, 21/03/2026');
    expect(panel).toHaveTextContent('Due to call frequency restrictions, you cannot book an appointment before 27/03/2026. Please select a later date.');
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(panel).not.toHaveTextContent('slots left');
    // Announced when it appears: the date and the message sit in one polite live region.
    expect(screen.getByText(i18n._(message)).closest('[aria-live="polite"]')).toHaveTextContent('Saturday, 21/03/2026');
  });
});

// Docs/decisions/039: two windows, 15:30-16:30 and 18:00-18:30, 15-minute visits; 15:45 is taken, 18:00 is the rep's
// own booking waiting on the device.
const DAY: QueuedDaySlots = {
  date: '2026-03-17',
  windows: [
    { start: '15:30', end: '16:30' },
    { start: '18:00', end: '18:30' },
  ],
  slotMinutes: 15,
  slots: [
    { time: '15:30', available: true },
    { time: '15:45', available: false },
    { time: '16:00', available: true },
    { time: '16:15', available: true },
    { time: '18:00', available: false, pending: true },
    { time: '18:15', available: true },
  ],
  slotsLeft: 4,
};

/** The panel with the picker's state kept as the availability view keeps it. */
function PanelWithTimes({ onBook, over = {} }: { onBook: (time: string | null) => void; over?: Partial<VisitTimePickerProps> }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const times: VisitTimePickerProps = { day: DAY, loading: false, failed: false, onRetry: () => {}, chosen, onChoose: setChosen, ...over };
  return <SelectedDatePanel date="2026-03-17" slotsLeft={4} booking={false} onBook={() => onBook(chosen)} visitTimes={times} />;
}

describe('SelectedDatePanel with visiting hours', () => {
  it("offers the day's times grouped under each window; a taken one is disabled and read as Taken", () => {
    render(<PanelWithTimes onBook={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Visit time' });
    const first = within(group).getByRole('group', { name: '15:30-16:30' });
    expect(
      within(first)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['15:30', '15:45', '16:00', '16:15']);
    expect(within(group).getByRole('group', { name: '18:00-18:30' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '15:30' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '15:45, Taken' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '18:00, your booking waiting to be sent' })).toBeDisabled();
  });

  it('keeps Book Appointment disabled, saying why, until a time is chosen, then books that time', async () => {
    const onBook = vi.fn();
    const user = userEvent.setup();
    render(<PanelWithTimes onBook={onBook} />);
    const book = screen.getByRole('button', { name: 'Book Appointment' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription(VISIT_TIME_MESSAGES.required);
    await user.click(screen.getByRole('radio', { name: '16:00' }));
    expect(screen.getByRole('radio', { name: '16:00' })).toBeChecked();
    expect(book).toBeEnabled();
    expect(screen.queryByText(VISIT_TIME_MESSAGES.required)).toBeNull();
    await user.click(book);
    expect(onBook).toHaveBeenCalledWith('16:00');
  });

  it('is reached with Tab and chosen with the arrow keys, which pass over the taken times', async () => {
    const user = userEvent.setup();
    render(<PanelWithTimes onBook={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '15:30' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '16:00' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '16:00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
  });

  it("shows why the last choice went (the server's 409), and that no time is left", () => {
    const full: QueuedDaySlots = { ...DAY, slots: DAY.slots.map((s) => ({ ...s, available: false })), slotsLeft: 0 };
    render(<PanelWithTimes onBook={vi.fn()} over={{ day: full, notice: VISIT_TIME_MESSAGES.taken }} />);
    expect(screen.getByTestId('visit-time-notice')).toHaveTextContent(VISIT_TIME_MESSAGES.taken);
    expect(screen.getByText('No visit times are free on this date. Please select another date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();
  });

  it('without visiting hours nothing changes: no times, and Book Appointment is ready', () => {
    render(<SelectedDatePanel date="2026-03-17" slotsLeft={2} booking={false} onBook={vi.fn()} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
    expect(screen.queryByText(VISIT_TIME_MESSAGES.required)).toBeNull();
  });
});
