import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';

export const CONFIRM_WORD = 'CONFIRM';
const confirmFormSchema = z.object({ typed: z.string().refine((typed) => typed === CONFIRM_WORD) });

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
  const { i18n } = useI18n();
  const form = useForm<{ typed: string }>({ resolver: zodResolver(confirmFormSchema), defaultValues: { typed: '' }, shouldFocusError: false });
  useEffect(() => {
    if (!open) form.reset({ typed: '' });
  }, [open, form]);
  const ready = useWatch({ control: form.control, name: 'typed' }) === CONFIRM_WORD;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(() => onConfirm())}>
        <FormField label={i18n._('Type {word} to confirm', { word: CONFIRM_WORD })} hint={i18n._('This action cannot be undone.')}>
          <Input {...form.register('typed')} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" variant="destructive" disabled={!ready} loading={pending}>
            {i18n._('Delete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
