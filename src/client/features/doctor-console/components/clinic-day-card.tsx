import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { listWord, useI18n } from '../../../lib/i18n';
import type { DoctorDayClinic } from '../../../../shared/schemas/doctor-console';
import { CallNextPanel } from './call-next-panel';
import { CancelTodayDialog } from './cancel-today-dialog';
import { DoctorSettingsDialog } from './doctor-settings-dialog';
import { RunningLateForm } from './running-late-form';
import { VisitRow } from './visit-row';
import { WeekAhead } from './week-ahead';

/** One clinic's part of the doctor's day: the visits in order, Call next, Running late, No rep visits today, the week. */
export function ClinicDayCard({ clinic, isToday }: { clinic: DoctorDayClinic; isToday: boolean }) {
  const { i18n } = useI18n();
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  const open = clinic.visits.filter((v) => v.status === 'booked' || v.status === 'confirmed');
  return (
    <Card role="region" className="grid grid-cols-1 gap-4 p-4 sm:p-5" aria-labelledby={`clinic-${clinic.clinicId}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`clinic-${clinic.clinicId}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {clinic.clinicName}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {listWord(clinic.city)} · {clinic.doctorName}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {clinic.closed && <Badge tone="danger">{i18n._('No rep visits today')}</Badge>}
          {clinic.lateByMinutes > 0 && <Badge tone="warning">{i18n._('Running {minutes} min late', { minutes: clinic.lateByMinutes })}</Badge>}
        </div>
      </header>

      {isToday && <CallNextPanel clinicId={clinic.clinicId} visits={clinic.visits} closed={clinic.closed} />}

      <section aria-label={i18n._('Visits')}>
        {clinic.visits.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._('No rep visits booked.')}</p>
        ) : (
          <ol className="divide-y divide-slate-200 dark:divide-slate-700">
            {clinic.visits.map((v) => (
              <VisitRow key={v.id} visit={v} />
            ))}
          </ol>
        )}
      </section>

      {isToday && (
        <div className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2 sm:items-end dark:border-slate-700">
          <RunningLateForm key={clinic.lateByMinutes} clinicId={clinic.clinicId} lateByMinutes={clinic.lateByMinutes} />
          <Button variant="destructive" onClick={() => setCancelling(true)} disabled={clinic.closed || open.length === 0}>
            {i18n._('No rep visits today')}
          </Button>
          <CancelTodayDialog clinic={clinic} open={cancelling} onOpenChange={setCancelling} />
        </div>
      )}

      <WeekAhead week={clinic.week} />

      {/* Only where the clinic lets the doctor manage the call settings (doctorManagesSettings, decision 073). */}
      {clinic.managesSettings && (
        <>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {i18n._('Call settings')}
          </Button>
          <DoctorSettingsDialog clinicId={clinic.clinicId} clinicName={clinic.clinicName} open={editing} onOpenChange={setEditing} />
        </>
      )}
    </Card>
  );
}
