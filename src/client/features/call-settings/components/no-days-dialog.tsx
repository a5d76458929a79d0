import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';

/**
 * Asks before saving call settings with no available day. What saving with no weekday ticked means (decision 038):
 * the clinic may mean it, so it is asked, not refused.
 */
export function NoDaysDialog({ open, doctorName, onBack, onSave }: { open: boolean; doctorName: string; onBack: () => void; onSave: () => void }) {
  const { i18n } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onBack()}
      title={i18n._('No Available Days')}
      description={i18n._('No rep will be able to book a visit with {doctorName} until at least one day is ticked again. Save anyway?', { doctorName })}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          {i18n._('Go Back')}
        </Button>
        <Button variant="destructive" onClick={onSave}>
          {i18n._('Save Anyway')}
        </Button>
      </div>
    </Dialog>
  );
}
