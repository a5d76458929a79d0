import { CheckCircle2, CloudUpload, LogIn } from 'lucide-react';
import { timeInIndia } from '../../../../../shared/dates';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../lib/i18n';
import { ProofOfVisitButton } from '../proof/proof-of-visit-button';

/**
 * Where a visit stands with check-in (docs/decisions/041), on its card: checked in (the time, Indian, and the proof),
 * its code waiting on the device to be sent, or a 'Check in' button on the visit's day. Nothing otherwise.
 */
export function CheckInStatus({
  appointmentId,
  visitName,
  checkedInAt,
  waitingTypedAt,
  onCheckIn,
}: {
  appointmentId: number;
  /** "Dr. Asha Rao on 12/03/2026", for screen readers */
  visitName: string;
  checkedInAt: string | null;
  /** ISO instant the code of a check-in waiting on the device was typed */
  waitingTypedAt?: string;
  /** Given when the rep may check in now (the visit's day, booked or confirmed, not checked in). */
  onCheckIn?: () => void;
}) {
  const { i18n } = useI18n();
  if (checkedInAt) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
          {i18n._('Checked in {time}', { time: timeInIndia(new Date(checkedInAt)) })}
        </p>
        <ProofOfVisitButton appointmentId={appointmentId} visitName={visitName} />
      </div>
    );
  }
  if (waitingTypedAt) {
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 text-sm font-medium text-amber-900 dark:text-amber-200">
        <CloudUpload className="h-4 w-4 shrink-0" aria-hidden />
        {i18n._('Check-in waiting to be sent')}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {i18n._('(code typed at {time})', { time: timeInIndia(new Date(waitingTypedAt)) })}
        </span>
      </p>
    );
  }
  if (!onCheckIn) return null;
  return (
    <Button size="sm" onClick={onCheckIn} aria-label={i18n._('Check in: {visit}', { visit: visitName })}>
      <LogIn className="h-4 w-4" aria-hidden />
      {i18n._('Check in')}
    </Button>
  );
}
