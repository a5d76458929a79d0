import { clsx } from 'clsx';
import { CalendarDays, Clock, Repeat, Users } from 'lucide-react';
import { formatVisitWindows } from '../../../../shared/booking/visit-windows';
import { WEEKDAYS } from '../../../../shared/constants';
import type { DoctorAvailabilitySettings as AvailabilitySettings } from '../../../../shared/schemas/booking';
import { useI18n } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/intl-format';

/** A date on each weekday, for its short name in the active language ('Mon', 'सोम', 'پیر'). */
const A_DATE_ON: Record<string, string> = {
  monday: '2026-11-02',
  tuesday: '2026-11-03',
  wednesday: '2026-11-04',
  thursday: '2026-11-05',
  friday: '2026-11-06',
  saturday: '2026-11-07',
  sunday: '2026-11-01',
};

/**
 * Available days, Max Slots and call frequency of the doctor at this clinic (spec part 2, 2.1), and the visiting
 * hours when the clinic set them (docs/decisions/039).
 */
export function AvailabilitySummary({ settings }: { settings: AvailabilitySettings }) {
  const { i18n } = useI18n();
  const days = WEEKDAYS.filter((d) => settings.availableDays?.[d]).map((d) => formatWeekday(A_DATE_ON[d]!, 'short'));
  // An answer kept on the device from before visiting hours existed has none: the whole day.
  const windows = settings.visitWindows ?? [];
  return (
    <dl className={clsx('grid grid-cols-2 gap-3 sm:grid-cols-3', windows.length > 0 && 'lg:grid-cols-4')}>
      <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-1 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden /> {i18n._('Available Days')}
        </dt>
        <dd className="mt-1 text-sm font-semibold">{days.length ? days.join(', ') : i18n._('None')}</dd>
      </div>
      <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <Users className="h-3.5 w-3.5" aria-hidden /> {i18n._('Max Slots')}
        </dt>
        <dd className="mt-1 text-sm font-semibold">{i18n._('{count} per day', { count: settings.maxSlots })}</dd>
      </div>
      <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <Repeat className="h-3.5 w-3.5" aria-hidden /> {i18n._('Call Frequency')}
        </dt>
        <dd className="mt-1 text-sm font-semibold">{i18n._('{days, plural, one {Every day} other {Every # days}}', { days: settings.callFrequency })}</dd>
      </div>
      {windows.length > 0 && (
        <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-3 lg:col-span-1 dark:bg-slate-900" data-testid="visiting-hours">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
            <Clock className="h-3.5 w-3.5" aria-hidden /> {i18n._('Visiting Hours')}
          </dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm">
            <span className="font-semibold">{formatVisitWindows(windows)}</span>
            <span className="text-slate-600 dark:text-slate-300">{i18n._('Visit length {minutes} min', { minutes: settings.slotMinutes })}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
