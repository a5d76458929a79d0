import { clsx } from 'clsx';
import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';
import { REASON_SHORT, REASON_TEXT } from './calendar-day-text';

const SWATCH: Record<CalendarDayReason | 'available', string> = {
  available: 'border border-teal-300 bg-white dark:bg-slate-800',
  past: 'bg-slate-200 dark:bg-slate-700',
  beyond_horizon: 'bg-slate-200 dark:bg-slate-700',
  unavailable_weekday: 'bg-slate-200 dark:bg-slate-700',
  closed: 'bg-rose-200 dark:bg-rose-800',
  frequency: 'bg-amber-200 dark:bg-amber-800',
  full: 'bg-red-200 dark:bg-red-800',
  already_booked: 'bg-sky-200 dark:bg-sky-800',
  has_future_appointment: 'bg-slate-200 dark:bg-slate-700',
};

const SHOWN: CalendarDayReason[] = ['past', 'beyond_horizon', 'unavailable_weekday', 'closed', 'frequency', 'full', 'already_booked'];

/** What the short words in the day cells mean. */
export function CalendarLegend() {
  return (
    <ul className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-2 lg:grid-cols-3 dark:text-slate-300">
      <li className="flex items-center gap-2">
        <span className={clsx('h-3 w-3 shrink-0 rounded-sm', SWATCH.available)} aria-hidden />
        <span>
          <strong>N left</strong>: available, slots left
        </span>
      </li>
      {SHOWN.map((r) => (
        <li key={r} className="flex items-center gap-2">
          <span className={clsx('h-3 w-3 shrink-0 rounded-sm', SWATCH[r])} aria-hidden />
          <span>
            <strong>{REASON_SHORT[r]}</strong>: {REASON_TEXT[r]}
          </span>
        </li>
      ))}
    </ul>
  );
}
