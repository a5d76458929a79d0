import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';

/**
 * The e-mail field, Cancel and a send button that a page of a dead link opens to send a new e-mail: a new
 * verification e-mail (spec part 2, 2.3) or a new reset link (docs/decisions/036). The error shown is the field's own,
 * else the server's answer; Cancel clears both.
 */
export function EmailRequestForm({
  form,
  failure,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  form: UseFormReturn<{ email: string }>;
  failure: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
}) {
  const { i18n } = useI18n();
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField label={i18n._('Email')} error={form.formState.errors.email?.message ?? failure ?? undefined}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            form.clearErrors();
            onCancel();
          }}
        >
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
