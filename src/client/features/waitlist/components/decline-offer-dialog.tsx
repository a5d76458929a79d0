import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';

/**
 * Decline asks first (docs/decisions/050): a declined slot goes to the next rep in line at once and cannot be taken
 * back. `slot` names it: doctor, clinic and when.
 */
export function DeclineOfferDialog({
  open,
  onOpenChange,
  onConfirm,
  slot,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  slot: { doctor: string; clinic: string; when: string };
}) {
  const { i18n } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._('Decline this slot?')}
      description={i18n._('The slot with {doctor} at {clinic} on {when} will go to the next rep in line. This cannot be undone.', slot)}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {i18n._('Keep the offer')}
        </Button>
        <Button variant="destructive" onClick={onConfirm}>
          {i18n._('Decline the slot')}
        </Button>
      </div>
    </Dialog>
  );
}
