import { clsx } from 'clsx';
import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { REASON_CELL_CLASS } from './calendar-day-style';
import { REASON_SHORT, REASON_TEXT } from './calendar-day-text';

const SWATCH: Record<CalendarDayReason | 'available', string> = {
  available: 'border border-teal-300 bg-white dark:bg-slate-800',
  past: 'bg-slate-200 dark:bg-slate-700',
  beyond_horizon: 'bg-slate-200 dark:bg-slate-700',
  unavailable_weekday: 'bg-slate-200 dark:bg-slate-700',
  // The cells' own looks: Closed hatched, Leave dotted, Full solid (calendar-day-style.ts).
  clinic_closed: REASON_CELL_CLASS.clinic_closed,
  leave: REASON_CELL_CLASS.leave,
  closed: REASON_CELL_CLASS.closed,
  frequency: 'bg-amber-200 dark:bg-amber-800',
  full: REASON_CELL_CLASS.full,
  already_booked: 'bg-sky-200 dark:bg-sky-800',
  has_future_appointment: 'bg-slate-200 dark:bg-slate-700',
};

// A whole-clinic closure (docs/decisions/040) says 'Closed' and looks like a day whose calls the clinic cancelled:
// one line explains both.
const SHOWN: CalendarDayReason[] = ['past', 'beyond_horizon', 'unavailable_weekday', 'closed', 'leave', 'frequency', 'full', 'already_booked'];
const LEGEND_TEXT: Partial<Record<CalendarDayReason, string>> = { closed: /*i18n*/ "the clinic is closed or cancelled the doctor's calls" };

/**
 * What the short words and looks of the day cells mean (below the selected-date panel on a phone, so a picked day's
 * message shows near the calendar). `withCurrentVisit`: moving a visit, whose date now is marked (docs/decisions/043).
 */
export function CalendarLegend({ withCurrentVisit = false }: { withCurrentVisit?: boolean }) {
  const { i18n } = useI18n();
  const strong = (text: string) => <strong>{text}</strong>;
  return (
    <ul className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-2 lg:grid-cols-3 dark:text-slate-300">
      <li className="flex items-center gap-2">
        <span className={clsx('h-4 w-4 shrink-0 rounded-sm', SWATCH.available)} aria-hidden />
        <span>{richText(i18n._('<strong>N left</strong>: available, slots left'), { strong })}</span>
      </li>
      {withCurrentVisit && (
        <li className="flex items-center gap-2">
          <span className="h-4 w-4 shrink-0 rounded-sm border-2 border-dashed border-teal-700 dark:border-teal-300" aria-hidden />
          <span>{richText(i18n._("<strong>Yours</strong>: your visit's date now"), { strong })}</span>
        </li>
      )}
      {SHOWN.map((r) => (
        <li key={r} className="flex items-center gap-2">
          <span className={clsx('h-4 w-4 shrink-0 rounded-sm', SWATCH[r])} aria-hidden />
          <span>
            <strong>{i18n._(REASON_SHORT[r])}</strong>: {i18n._(LEGEND_TEXT[r] ?? REASON_TEXT[r])}
          </span>
        </li>
      ))}
    </ul>
  );
}
