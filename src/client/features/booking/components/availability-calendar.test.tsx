// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { datesOfMonth, type DayBlockReason } from '../../../../shared/booking/booking-rules';
import type { CalendarDay } from '../../../../shared/schemas/booking';
import { AvailabilityCalendar } from './availability-calendar';

afterEach(cleanup);

// March 2026 starts on a Sunday. Today is the 10th, a Tuesday.
const reasons: Record<string, DayBlockReason | null> = {
  '2026-03-09': 'past',
  '2026-03-10': null,
  '2026-03-11': 'unavailable_weekday',
  '2026-03-12': 'frequency',
  '2026-03-13': 'full',
  '2026-03-16': 'already_booked',
  '2026-03-17': null,
  '2026-03-19': 'closed',
  // Planned absences (docs/decisions/040): the doctor's leave on 23-24 March, the whole clinic closed on the 27th.
  '2026-03-23': 'leave',
  '2026-03-24': 'leave',
  '2026-03-27': 'clinic_closed',
};
const days: CalendarDay[] = datesOfMonth('2026-03').map((date) => {
  const reason = date in reasons ? reasons[date]! : date < '2026-03-10' ? 'past' : null;
  const day: CalendarDay = { date, selectable: reason === null, reason, slotsLeft: reason === 'full' ? 0 : date === '2026-03-10' ? 2 : 1 };
  // The server names, on a call-frequency day, the first date the rule allows (docs/decisions/034).
  return reason === 'frequency' ? { ...day, cutoff: '2026-03-14' } : day;
});

function renderCalendar(over: Partial<Parameters<typeof AvailabilityCalendar>[0]> = {}) {
  const onSelect = vi.fn();
  const onMonthChange = vi.fn();
  render(
    <AvailabilityCalendar
      month="2026-03"
      days={days}
      today="2026-03-10"
      selectedDate={null}
      onSelect={onSelect}
      onMonthChange={onMonthChange}
      canGoPrev={false}
      {...over}
    />,
  );
  return { onSelect, onMonthChange };
}

describe('AvailabilityCalendar', () => {
  it('shows the month, Sun..Sat headers and every day', () => {
    renderCalendar();
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByRole('button')).toHaveLength(31);
    // 1 March 2026 is a Sunday: the first cell of the first week row.
    const firstWeek = within(grid).getAllByRole('row')[1]!;
    expect(within(firstWeek).getAllByRole('gridcell')[0]!).toHaveTextContent(/^1/);
  });

  it('says for each day whether it can be picked, why not, and how many slots are left', () => {
    renderCalendar();
    expect(screen.getByRole('button', { name: 'Tuesday, 10/03/2026, 2 slots left' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Tuesday, 17/03/2026, 1 slot left' })).toHaveTextContent('1 left');
    const cases: [string, string, string][] = [
      ['Monday, 09/03/2026', 'past date', 'Past'],
      ['Wednesday, 11/03/2026', 'not a working day for this doctor', 'Off'],
      ['Thursday, 12/03/2026', 'call-frequency freeze', 'Freeze'],
      ['Friday, 13/03/2026', 'fully booked', 'Full'],
      ['Monday, 16/03/2026', 'you already have an appointment on this date', 'Booked'],
      ['Thursday, 19/03/2026', 'calls cancelled by the clinic', 'Closed'],
      ['Monday, 23/03/2026', 'the doctor is on leave', 'Leave'],
      ['Tuesday, 24/03/2026', 'the doctor is on leave', 'Leave'],
      ['Friday, 27/03/2026', 'the clinic is closed', 'Closed'],
    ];
    for (const [date, why, short] of cases) {
      const button = screen.getByRole('button', { name: `${date}, unavailable: ${why}` });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveTextContent(short);
    }
  });

  it('picks any day on click or with the keyboard, those that cannot be booked too (to show why)', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderCalendar();
    await user.click(screen.getByRole('button', { name: /^Tuesday, 10\/03\/2026/ }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-10');
    await user.click(screen.getByRole('button', { name: /^Friday, 13\/03\/2026/ }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-13');
    // Keyboard: the focused day (Friday the 13th) moves left to the frozen Thursday; Enter picks it.
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-12');
    await user.keyboard('{ArrowDown}{ }');
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-19');
  });

  it("describes each day that cannot be booked with the spec's message of its rule (spec part 2, 5)", () => {
    renderCalendar({ lastBookableDate: '2026-06-08' });
    const described: [RegExp, string][] = [
      [/^Thursday, 12\/03\/2026/, 'Due to call frequency restrictions, you cannot book an appointment before 14/03/2026. Please select a later date.'],
      [/^Friday, 13\/03\/2026/, 'No appointment slots available for this date. Please select another date.'],
      [/^Monday, 16\/03\/2026/, 'You already have an appointment with this doctor on this date'],
      [/^Thursday, 19\/03\/2026/, "The clinic has cancelled this doctor's calls for this date. Please select another date."],
      [/^Wednesday, 11\/03\/2026/, 'The doctor is not available on this day. Please select another date.'],
      [/^Monday, 09\/03\/2026/, 'You cannot book an appointment for a past date. Please select today or a later date.'],
      [/^Monday, 23\/03\/2026/, 'The doctor is on leave on this date. Please select another date.'],
      [/^Friday, 27\/03\/2026/, 'The clinic is closed on this date. Please select another date.'],
    ];
    for (const [name, message] of described) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAccessibleDescription(message);
      // Still reachable: a day in the roving tab order, not a disabled button.
      expect(button).not.toBeDisabled();
    }
    expect(screen.getByRole('button', { name: /^Tuesday, 10\/03\/2026/ })).not.toHaveAttribute('aria-describedby');
  });

  it('draws a closed clinic like a day of cancelled calls, and leave apart from both by its pattern, not by hue alone', () => {
    renderCalendar();
    const look = (name: RegExp) => screen.getByRole('button', { name }).className;
    const [closed, clinicClosed, leave, full] = [/^Thursday, 19\/03\//, /^Friday, 27\/03\//, /^Monday, 23\/03\//, /^Friday, 13\/03\//].map(look);
    expect(clinicClosed).toBe(closed);
    expect(closed).toContain('repeating-linear-gradient');
    // Leave is dotted (a pattern of its own), Full a plain fill; in dark mode too.
    expect(leave).toMatch(/(^| )bg-\[image:radial-gradient\(/);
    expect(leave).toMatch(/ dark:bg-\[image:radial-gradient\(/);
    expect(leave).not.toContain('repeating-linear-gradient');
    expect(full).not.toContain('gradient');
  });

  it('marks a picked day that cannot be booked', () => {
    renderCalendar({ selectedDate: '2026-03-13' });
    const full = screen.getByRole('button', { name: /^Friday, 13\/03\/2026/ });
    expect(full).toHaveAttribute('aria-pressed', 'true');
    expect(full).toHaveAttribute('aria-disabled', 'true');
  });

  it('marks the selected day as pressed', () => {
    renderCalendar({ selectedDate: '2026-03-17' });
    expect(screen.getByRole('button', { name: /^Tuesday, 17\/03\/2026/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Tuesday, 10\/03\/2026/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is one tab stop and arrow keys move by day and by week', () => {
    renderCalendar();
    // One day is in the tab order: the first day that can be picked; the others are reached with arrows.
    const dayButtons = within(screen.getByRole('grid')).getAllByRole('button');
    const focusable = dayButtons.filter((b) => b.getAttribute('tabindex') === '0');
    expect(focusable.map((b) => b.getAttribute('aria-label'))).toEqual(['Tuesday, 10/03/2026, 2 slots left']);
    const start = screen.getByRole('button', { name: /^Tuesday, 10\/03\/2026/ });
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveAccessibleName(/^Wednesday, 11\/03\/2026, unavailable/);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveAccessibleName(/^Wednesday, 18\/03\/2026/);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toHaveAccessibleName(/^Sunday, 15\/03\/2026/);
  });

  it('offers the previous month only when allowed', async () => {
    const user = userEvent.setup();
    const { onMonthChange } = renderCalendar({ canGoPrev: false });
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith(1);
  });

  it('offers no day after the booking horizon, and no later month (docs/decisions/032)', async () => {
    const user = userEvent.setup();
    // The last bookable date is 17 March: the server marks every later day 'beyond_horizon'.
    const horizon = days.map((d): CalendarDay => (d.date > '2026-03-17' ? { ...d, selectable: false, reason: 'beyond_horizon' } : d));
    const { onSelect, onMonthChange } = renderCalendar({ days: horizon, canGoNext: false, lastBookableDate: '2026-03-17' });
    const later = screen.getByRole('button', { name: 'Wednesday, 18/03/2026, unavailable: too far ahead to book' });
    expect(later).toHaveAttribute('aria-disabled', 'true');
    expect(later).toHaveTextContent('Later');
    expect(later).toHaveAccessibleDescription('Appointments can be booked up to 17/03/2026. Please select an earlier date.');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /^Tuesday, 17\/03\/2026/ }));
    expect(onSelect).toHaveBeenCalledWith('2026-03-17');
  });
});
