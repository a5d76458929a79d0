import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';

/** spec part 2, 2.1: the cancel confirmation. */
export function CancelAppointmentDialog({
  open,
  onOpenChange,
  onConfirm,
  cancelling,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  cancelling: boolean;
}) {
  const { i18n } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._('Cancel Appointment')}
      description={i18n._('Are you sure you want to cancel this appointment? This action cannot be undone.')}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancelling}>
          {i18n._('Keep Appointment')}
        </Button>
        <Button variant="destructive" onClick={onConfirm} loading={cancelling}>
          {i18n._('Cancel Appointment')}
        </Button>
      </div>
    </Dialog>
  );
}
