import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** What saving with no weekday ticked means (decision 038): the clinic may mean it, so it is asked, not refused. */
const noDaysWarning = (doctorName: string) => `No rep will be able to book a visit with ${doctorName} until at least one day is ticked again. Save anyway?`;

/** Asks before saving call settings with no available day. */
export function NoDaysDialog({ open, doctorName, onBack, onSave }: { open: boolean; doctorName: string; onBack: () => void; onSave: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onBack()} title="No Available Days" description={noDaysWarning(doctorName)}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          Go Back
        </Button>
        <Button variant="destructive" onClick={onSave}>
          Save Anyway
        </Button>
      </div>
    </Dialog>
  );
}
