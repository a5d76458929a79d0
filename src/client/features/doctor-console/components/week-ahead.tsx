import { formatWeekday } from '../../../lib/intl-format';
import { formatNumber } from '../../../lib/intl-format';
import { useI18n } from '../../../lib/i18n';
import { formatDisplayDate } from '../../../../shared/dates';
import type { DoctorDayClinic } from '../../../../shared/schemas/doctor-console';

/** The seven days after the one shown: visits booked per day at one clinic. */
export function WeekAhead({ week }: { week: DoctorDayClinic['week'] }) {
  const { i18n } = useI18n();
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">{i18n._('Week ahead')}</h3>
      <ul className="grid grid-cols-7 gap-1 text-center" aria-label={i18n._('Week ahead')}>
        {week.map((d) => (
          <li
            key={d.date}
            className={`min-w-0 rounded-md border px-0.5 py-1 ${d.count > 0 ? 'border-teal-300 bg-teal-50 dark:border-teal-700 dark:bg-teal-950' : 'border-slate-200 dark:border-slate-700'}`}
            title={formatDisplayDate(d.date)}
          >
            <span className="block truncate text-[11px] text-slate-600 dark:text-slate-400">{formatWeekday(d.date, 'short')}</span>
            <span
              className="block text-sm font-semibold text-slate-900 dark:text-slate-100"
              aria-label={i18n._('{count, plural, one {# visit} other {# visits}}', { count: d.count })}
            >
              {formatNumber(d.count)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
