import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';

/** Closed: the clinic cancelled the doctor's calls that day, or closes the whole clinic (docs/decisions/040). */
const CLOSED =
  'bg-violet-50 text-violet-900 bg-[image:repeating-linear-gradient(135deg,var(--color-violet-200)_0_3px,transparent_3px_8px)] dark:bg-violet-950 dark:text-violet-100 dark:bg-[image:repeating-linear-gradient(135deg,var(--color-violet-800)_0_3px,transparent_3px_8px)]';

/**
 * The look of each kind of day the rep cannot book. Closed (the clinic cancelled the calls or is closed), Leave
 * (the doctor is away) and Full (no slot left) are told apart by hue and by more than hue: Closed is hatched,
 * Leave dotted, Full a solid fill; each cell also says its word (REASON_SHORT), and the legend shows the same
 * swatches (calendar-legend.tsx).
 */
export const REASON_CELL_CLASS: Record<CalendarDayReason, string> = {
  past: 'bg-slate-50 text-slate-400 dark:bg-slate-900 dark:text-slate-500',
  beyond_horizon: 'bg-slate-50 text-slate-400 dark:bg-slate-900 dark:text-slate-500',
  unavailable_weekday: 'bg-slate-100 text-slate-500 dark:bg-slate-900 dark:text-slate-400',
  // One word and one look for both: to the rep the day is closed either way; the selected day's message says which.
  clinic_closed: CLOSED,
  leave:
    'bg-pink-50 text-pink-900 bg-[image:radial-gradient(var(--color-pink-300)_1.5px,transparent_1.6px)] bg-size-[8px_8px] dark:bg-pink-950 dark:text-pink-100 dark:bg-[image:radial-gradient(var(--color-pink-800)_2px,transparent_2.1px)]',
  closed: CLOSED,
  frequency: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  full: 'bg-red-200 text-red-900 dark:bg-red-900 dark:text-red-50',
  already_booked: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  has_future_appointment: 'bg-slate-100 text-slate-500 dark:bg-slate-900 dark:text-slate-400',
};
