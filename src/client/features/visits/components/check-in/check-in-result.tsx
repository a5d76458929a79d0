import { CheckCircle2, CloudUpload } from 'lucide-react';
import { Link } from 'react-router';
import { visitDateText } from '../../../../../shared/booking/visit-label';
import { timeInIndia } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../lib/i18n';
import { checkInQueuedText } from '../../../pwa/lib/offline-texts';
import type { PendingCheckIn } from '../../../../lib/offline-check-in';
import { MY_APPOINTMENTS_PATH } from '../../lib/visit-links';
import { doctorTitle } from '../../../directory/components/doctor-title';
import { ProofOfVisitButton } from '../proof/proof-of-visit-button';

/**
 * The outcome of a check-in from the reception's QR code (docs/decisions/041): 'Checked in at <clinic> at 15:42' with
 * the proof of visit, or, offline, the code waiting on the device; always with the way back to My Appointments.
 */
export function CheckInResult({ appointment: a, checkedInAt, queued }: { appointment: RepAppointment; checkedInAt?: string; queued?: PendingCheckIn }) {
  const { i18n } = useI18n();
  const doctor = doctorTitle(a.doctor_name);
  const when = i18n._(visitDateText(a.appointment_date, a.start_time));
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-1">
        {checkedInAt ? (
          <p className="flex items-start gap-2 text-lg font-semibold text-emerald-800 dark:text-emerald-300">
            <CheckCircle2 className="mt-1 h-5 w-5 shrink-0" aria-hidden />
            {i18n._('Checked in at {clinic} at {time}', { clinic: a.clinic_name, time: timeInIndia(new Date(checkedInAt)) })}
          </p>
        ) : (
          <p className="flex items-start gap-2 text-lg font-semibold text-amber-900 dark:text-amber-200">
            <CloudUpload className="mt-1 h-5 w-5 shrink-0" aria-hidden />
            {i18n._('Check-in waiting to be sent')}
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {queued ? checkInQueuedText(queued) : i18n._('Your visit with {doctor} ({specialty}), {when}.', { doctor, specialty: a.doctor_specialty, when })}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {checkedInAt && <ProofOfVisitButton appointmentId={a.id} visitName={i18n._('{doctor} on {when}', { doctor, when })} size="md" />}
        <Button asChild variant={checkedInAt ? 'ghost' : 'primary'}>
          <Link to={MY_APPOINTMENTS_PATH}>{i18n._('My Appointments')}</Link>
        </Button>
      </div>
    </div>
  );
}
