import { visitDateText } from '../../../../shared/booking/visit-label';
import { timeInIndia } from '../../../../shared/dates';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { Dialog } from '../../../components/ui/dialog';
import { isQueuedCheckIn } from '../../../lib/offline-check-in';
import { toast } from '../../../lib/toast';
import { announceQueuedCheckIn } from '../../pwa/lib/report-sync';
import { useCheckIn } from '../api/check-in';
import { CheckInCodeForm } from './check-in-code-form';
import { doctorTitle } from './doctor-title';

/**
 * 'Check in at reception' (docs/decisions/041): the rep types the code the reception shows (or scans its QR code with
 * the phone's camera, which opens /check-in). Offline, the code waits on the device with the time it was typed.
 */
export function CheckInDialog({ repId, appointment, onClose }: { repId: number; appointment: RepAppointment | null; onClose: () => void }) {
  const checkIn = useCheckIn(repId);
  const a = appointment;
  const onCheckIn = async (code: string) => {
    if (!a) return;
    const res = await checkIn.mutateAsync({ appointment: a, code });
    onClose();
    if (isQueuedCheckIn(res)) return announceQueuedCheckIn(res.pending);
    toast({ title: 'Checked in', description: `Checked in at ${a.clinic_name} at ${timeInIndia(new Date(res.checkedInAt))}.`, variant: 'success' });
  };
  return (
    <Dialog
      open={a !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Check in at reception"
      description={
        a && (
          <>
            {doctorTitle(a.doctor_name)} at {a.clinic_name}, {visitDateText(a.appointment_date, a.start_time)}. Type the code shown at reception, or scan its QR
            code with your phone&apos;s camera.
          </>
        )
      }
    >
      {/* A new form for each visit: no code or refusal carries over. */}
      {a && <CheckInCodeForm key={a.id} onCheckIn={onCheckIn} autoFocus />}
    </Dialog>
  );
}
