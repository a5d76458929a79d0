import { visitDateText } from '../../../../../shared/booking/visit-label';
import { timeInIndia } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { Dialog } from '../../../../components/ui/dialog';
import { useI18n } from '../../../../lib/i18n';
import { isQueuedCheckIn } from '../../../../lib/offline-check-in';
import { toast } from '../../../../lib/toast';
import { announceQueuedCheckIn } from '../../../pwa/lib/report-sync';
import { useCheckIn } from '../../api/check-in';
import { CheckInCodeForm } from './check-in-code-form';
import { doctorTitle } from '../../../directory/components/doctor-title';

/**
 * 'Check in at reception' (docs/decisions/041): the rep types the code the reception shows (or scans its QR code with
 * the phone's camera, which opens /check-in). Offline, the code waits on the device with the time it was typed.
 */
export function CheckInDialog({ repId, appointment, onClose }: { repId: number; appointment: RepAppointment | null; onClose: () => void }) {
  const { i18n } = useI18n();
  const checkIn = useCheckIn(repId);
  const a = appointment;
  const onCheckIn = async (code: string) => {
    if (!a) return;
    const res = await checkIn.mutateAsync({ appointment: a, code });
    onClose();
    if (isQueuedCheckIn(res)) return announceQueuedCheckIn(res.pending);
    toast({
      title: i18n._('Checked in'),
      description: i18n._('Checked in at {clinic} at {time}.', { clinic: a.clinic_name, time: timeInIndia(new Date(res.checkedInAt)) }),
      variant: 'success',
    });
  };
  return (
    <Dialog
      open={a !== null}
      onOpenChange={(open) => !open && onClose()}
      title={i18n._('Check in at reception')}
      description={
        a &&
        i18n._("{doctor} at {clinic}, {when}. Type the code shown at reception, or scan its QR code with your phone's camera.", {
          doctor: doctorTitle(a.doctor_name),
          clinic: a.clinic_name,
          when: i18n._(visitDateText(a.appointment_date, a.start_time)),
        })
      }
    >
      {/* A new form for each visit: no code or refusal carries over. */}
      {a && <CheckInCodeForm key={a.id} onCheckIn={onCheckIn} autoFocus />}
    </Dialog>
  );
}
