import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';
import { todayInIndia } from '../../../../shared/dates';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { LeaveForm } from './leave-form';
import { LeaveList } from './leave-list';

/**
 * Leave & Holidays: a doctor's leave or a whole-clinic closure entered ahead; the visits booked on its days are
 * cancelled and the reps told at once, and no one can book those days (docs/decisions/040-planned-absences.md).
 */
export function LeavePanel({ clinicId, doctors, selectedDoctorId }: { clinicId: number; doctors: ClinicDoctor[]; selectedDoctorId: number | undefined }) {
  const { i18n } = useI18n();
  const id = useId();
  const today = todayInIndia(new Date());
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <Card className="p-4 sm:p-5">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Leave & Holidays')}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          {i18n._("Plan a doctor's leave or a day the clinic is closed; reps cannot book those days.")}
        </p>
        <LeaveForm clinicId={clinicId} doctors={doctors} defaultDoctorId={selectedDoctorId} today={today} />
      </Card>
      <Card className="p-4 sm:p-5">
        <h2 id={`${id}-list`} tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900 focus:outline-none dark:text-white">
          {i18n._('Upcoming and current')}
        </h2>
        <LeaveList clinicId={clinicId} doctors={doctors} today={today} headingId={`${id}-list`} />
      </Card>
    </div>
  );
}
