import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isCheckInCode } from '../../../../../shared/booking/visit-status';
import { todayInIndia } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { isQueuedCheckIn } from '../../../../lib/offline-check-in';
import { useCheckIn } from '../../api/check-in';
import { bookingQueries } from '../../../booking/api/keys';
import { MY_APPOINTMENTS_PATH } from '../../lib/visit-links';
import { CheckInCodeForm } from './check-in-code-form';
import { CheckInResult } from './check-in-result';
import { doctorTitle } from '../../../directory/components/doctor-title';
import { QrVisitPicker } from './qr-visit-picker';

const FAILED = /*i18n*/ 'Failed to check in. Please try again.';

/**
 * The reception's QR code opened on the rep's phone, /check-in?clinicId=&code= (docs/decisions/041): the rep's visits
 * of today at that clinic (booked or confirmed). One: checked in with the scanned code at once. Several: the rep picks
 * the doctor. None: said so. A refused code (it changes every 2 minutes) can be typed again from the screen.
 */
export function QrCheckIn({ repId, clinicId, code }: { repId: number; clinicId: number | null; code: string }) {
  const { i18n } = useI18n();
  const appointments = useQuery(bookingQueries.repAppointments(repId));
  const checkIn = useCheckIn(repId);
  const { mutate } = checkIn;
  const [chosen, setChosen] = useState<RepAppointment | null>(null);
  // Once the rep types a code, its refusal shows under the field instead of above the form.
  const [typed, setTyped] = useState(false);
  const today = todayInIndia(new Date());
  const visits = (appointments.data ?? []).filter(
    (a) => a.clinic_id === clinicId && a.appointment_date.slice(0, 10) === today && (a.status === 'booked' || a.status === 'confirmed'),
  );
  const target = chosen ?? (visits.length === 1 ? visits[0]! : null);

  // The visit is known: check in with the scanned code once (StrictMode runs effects twice; a refusal is not retried).
  // A visit checked in already (the code scanned again) just shows when.
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (!target || target.checked_in_at || started.current === target.id || !isCheckInCode(code)) return;
    started.current = target.id;
    mutate({ appointment: target, code });
  }, [target, code, mutate]);

  if (checkIn.isSuccess) {
    const res = checkIn.data;
    const { appointment } = checkIn.variables;
    return isQueuedCheckIn(res) ? (
      <CheckInResult appointment={appointment} queued={res.pending} />
    ) : (
      <CheckInResult appointment={appointment} checkedInAt={res.checkedInAt} />
    );
  }
  if (target?.checked_in_at) return <CheckInResult appointment={target} checkedInAt={target.checked_in_at} />;
  if (clinicId === null) return <p role="alert">{i18n._('This check-in link is incomplete. Please scan the QR code at reception again.')}</p>;
  if (appointments.isPending) return <Spinner label={i18n._('Loading your visits...')} />;
  if (appointments.isError && !appointments.data) {
    return <p role="alert">{errorMessage(appointments.error, i18n._('Failed to fetch your appointments. Please try again.'))}</p>;
  }
  if (visits.length === 0) {
    return (
      <div className="grid justify-items-start gap-4">
        <p role="status" className="flex items-center gap-2 font-medium">
          <CalendarX className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          {i18n._('You have no visit at this clinic today.')}
        </p>
        <Button asChild variant="secondary">
          <Link to={MY_APPOINTMENTS_PATH}>{i18n._('My Appointments')}</Link>
        </Button>
      </div>
    );
  }
  if (!target) return <QrVisitPicker visits={visits} onPick={setChosen} />;
  if (checkIn.isPending && !typed) return <Spinner label={i18n._('Checking in...')} />;
  const refusal = checkIn.isError && !typed ? errorMessage(checkIn.error, i18n._(FAILED)) : null;
  const onCheckIn = async (typedCode: string) => {
    setTyped(true);
    await checkIn.mutateAsync({ appointment: target, code: typedCode });
  };
  return (
    <div className="grid gap-4">
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {refusal}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {i18n._('Type the code shown at reception to check in to your visit with {doctor}.', { doctor: doctorTitle(target.doctor_name) })}
      </p>
      <CheckInCodeForm onCheckIn={onCheckIn} />
    </div>
  );
}
