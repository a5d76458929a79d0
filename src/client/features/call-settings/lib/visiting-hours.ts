import { i18n } from '../../../lib/i18n';
import { clockTime, dayCapacity, minutesOf, slotsOfWindow, slotTimes, visitWindowProblems, type VisitWindow } from '../../../../shared/booking/visit-windows';

// What the Visiting hours editor says about the windows being edited (docs/decisions/039-visit-windows-and-tokens.md).
// The counting is the shared rule's (slotsOfWindow, slotTimes), so the lines match what reps are offered.

/** The visit lengths offered, in minutes (the rule allows 5 to 60). */
export const VISIT_LENGTHS = [5, 10, 15, 20, 30, 45, 60] as const;

export const NO_VISITING_HOURS = /*i18n*/ 'No visiting hours: reps may come any time of the day.';

/** '15:30-16:30 holds 4 visits of 15 minutes' */
export function windowCapacityLine(window: VisitWindow, slotMinutes: number): string {
  return i18n._('{range} holds {count, plural, one {# visit} other {# visits}} of {minutes} minutes', {
    range: `${window.start}-${window.end}`,
    count: slotsOfWindow(window, slotMinutes).length,
    minutes: slotMinutes,
  });
}

/** The day's total: what the windows hold, and whether Max Slots lowers it; null while the windows have problems. */
export function dayCapacityLine(o: { visitWindows: readonly VisitWindow[]; slotMinutes: number; maxSlots: number }): string | null {
  if (o.visitWindows.length === 0) return i18n._(NO_VISITING_HOURS);
  if (visitWindowProblems(o.visitWindows, o.slotMinutes).length > 0) return null;
  const total = slotTimes(o.visitWindows, o.slotMinutes).length;
  // Max Slots caps the day when the day's capacity (the shared rule) is below what the windows hold.
  return dayCapacity(o) < total
    ? i18n._('Up to {count, plural, one {# visit} other {# visits}} a day; Max Slots caps it at {max}.', { count: total, max: o.maxSlots })
    : i18n._('Up to {count, plural, one {# visit} other {# visits}} a day.', { count: total });
}

const LATEST = 23 * 60 + 55;

/** The window 'Add window' proposes: an hour, an hour after the latest one ends (10:00-11:00 for the first). */
export function nextWindow(windows: readonly VisitWindow[]): VisitWindow {
  const ends = windows.map((w) => minutesOf(w.end)).filter((m): m is number => m !== null);
  if (ends.length === 0) return { start: '10:00', end: '11:00' };
  const start = Math.min(Math.max(...ends) + 60, LATEST - 60);
  return { start: clockTime(start), end: clockTime(start + 60) };
}
