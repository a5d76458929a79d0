import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

export const CONFIRM_WORD = 'CONFIRM';

/** spec part 2, 5: every delete asks for the typed word CONFIRM; the button stays disabled until then. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  const [typed, setTyped] = useState('');
  // Closing forgets the typed word: state adjusted while rendering when `open` changes (no effect, no extra render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setTyped('');
  }
  const ready = typed === CONFIRM_WORD;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onConfirm();
        }}
      >
        <FormField label={`Type ${CONFIRM_WORD} to confirm`} hint="This action cannot be undone.">
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!ready} loading={pending}>
            Delete
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
