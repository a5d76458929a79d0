import { clsx } from 'clsx';
import { CalendarDays, Clock, Repeat, Users } from 'lucide-react';
import { formatVisitWindows } from '../../../../shared/booking/visit-windows';
import { WEEKDAYS } from '../../../../shared/constants';
import type { DoctorAvailabilitySettings as AvailabilitySettings } from '../../../../shared/schemas/booking';

const SHORT: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/**
 * Available days, Max Slots and call frequency of the doctor at this clinic (spec part 2, 2.1), and the visiting
 * hours when the clinic set them (docs/decisions/039).
 */
export function AvailabilitySummary({ settings }: { settings: AvailabilitySettings }) {
  const days = WEEKDAYS.filter((d) => settings.availableDays?.[d]).map((d) => SHORT[d]);
  // An answer kept on the device from before visiting hours existed has none: the whole day.
  const windows = settings.visitWindows ?? [];
  return (
    <dl className={clsx('grid grid-cols-2 gap-3 sm:grid-cols-3', windows.length > 0 && 'lg:grid-cols-4')}>
      <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-1 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden /> Available Days
        </dt>
        <dd className="mt-1 text-sm font-semibold">{days.length ? days.join(', ') : 'None'}</dd>
      </div>
      <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <Users className="h-3.5 w-3.5" aria-hidden /> Max Slots
        </dt>
        <dd className="mt-1 text-sm font-semibold">{settings.maxSlots} per day</dd>
      </div>
      <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
        <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          <Repeat className="h-3.5 w-3.5" aria-hidden /> Call Frequency
        </dt>
        <dd className="mt-1 text-sm font-semibold">Every {settings.callFrequency} days</dd>
      </div>
      {windows.length > 0 && (
        <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-3 lg:col-span-1 dark:bg-slate-900" data-testid="visiting-hours">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
            <Clock className="h-3.5 w-3.5" aria-hidden /> Visiting Hours
          </dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm">
            <span className="font-semibold">{formatVisitWindows(windows)}</span>
            <span className="text-slate-600 dark:text-slate-300">Visit length {settings.slotMinutes} min</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
