// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../shared/booking/booking-rules';
import { SelectedDatePanel } from './selected-date-panel';

afterEach(cleanup);

describe('SelectedDatePanel', () => {
  it('offers Book Appointment for a day that can be booked', async () => {
    const onBook = vi.fn();
    render(<SelectedDatePanel date="2026-03-17" slotsLeft={2} booking={false} onBook={onBook} />);
    const panel = screen.getByRole('region', { name: 'Selected date' });
    expect(panel).toHaveTextContent('Tuesday 17 March 2026 (17/03/2026)');
    expect(panel).toHaveTextContent('2 slots left');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Book Appointment' }));
    expect(onBook).toHaveBeenCalledTimes(1);
  });

  it("says why a picked day cannot be booked, in the spec's words, and offers no Book button", () => {
    const message = BOOKING_MESSAGES.frequency('2026-03-27');
    render(<SelectedDatePanel date="2026-03-21" slotsLeft={3} refusal={message} booking={false} onBook={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Selected date' });
    expect(panel).toHaveTextContent('Saturday 21 March 2026 (21/03/2026)');
    expect(panel).toHaveTextContent('Due to call frequency restrictions, you cannot book an appointment before 27/03/2026. Please select a later date.');
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(panel).not.toHaveTextContent('slots left');
    // Announced when it appears: the date and the message sit in one polite live region.
    expect(screen.getByText(message).closest('[aria-live="polite"]')).toHaveTextContent('Saturday 21 March 2026');
  });
});
