import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useI18n } from '../../../../lib/i18n';
import { visitDateText } from '../../../../../shared/booking/visit-label';
import { VISIT_STATUS_MESSAGES } from '../../../../../shared/booking/visit-status';
import { DECLINE_REASONS, LIMITS } from '../../../../../shared/constants';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { visitStatusChangeSchema } from '../../../../../shared/schemas/visits';

const REASON_MAX = 200;
// The shared request's reason (trimmed, at most 200 characters), required here: declining needs one (decision 041),
// of at least 3 characters as the server's rule (decision 053).
const declineFormSchema = z.object({
  reason: visitStatusChangeSchema.shape.reason
    .unwrap()
    .min(1, VISIT_STATUS_MESSAGES.reasonRequired)
    .min(LIMITS.declineReasonMin, VISIT_STATUS_MESSAGES.reasonTooShort),
});
type DeclineForm = z.infer<typeof declineFormSchema>;

const field =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/** Declines one visit with a reason the rep is e-mailed (decision 041); quick picks that fit one visit (decision 053). */
export function DeclineVisitDialog({
  visit,
  open,
  onOpenChange,
  onDecline,
  pending,
}: {
  visit: ClinicAppointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecline: (reason: string) => void;
  pending: boolean;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const form = useForm<DeclineForm>({ resolver: zodResolver(declineFormSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const error = form.formState.errors.reason?.message;

  const close = (next: boolean) => {
    if (!next) form.reset({ reason: '' });
    onOpenChange(next);
  };
  const submit = form.handleSubmit((values) => onDecline(values.reason));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={i18n._("Decline {rep}'s visit?", { rep: visit.rep_name })}
      description={i18n._('{rep} ({company}), {when}. The rep is e-mailed the reason.', {
        rep: visit.rep_name,
        company: visit.company_name,
        when: i18n._(visitDateText(visit.appointment_date, visit.start_time)),
      })}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          {...form.register('reason')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={field}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {i18n._('Required, up to {max} characters ({used} used).', { max: REASON_MAX, used: reason.length })}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
            {i18n._(error)}
          </p>
        )}
        <div role="group" aria-labelledby={`${id}-picks`} className="mt-1 flex flex-wrap items-center gap-2">
          <span id={`${id}-picks`} className="text-xs text-slate-500 dark:text-slate-400">
            {i18n._('Quick picks:')}
          </span>
          {DECLINE_REASONS.map((r) => {
            // The pick fills the field in the language on screen: the clinic sees, and may edit, what the rep will read.
            const text = i18n._(r);
            const chosen = reason.trim() === text;
            return (
              <button
                key={r}
                type="button"
                aria-pressed={chosen}
                onClick={() => form.setValue('reason', text, { shouldValidate: form.formState.isSubmitted })}
                className={clsx(
                  'min-h-9 rounded-full border px-3 py-1.5 text-start text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
                  chosen
                    ? 'border-teal-700 bg-teal-50 text-teal-900 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-100'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
                )}
              >
                {text}
              </button>
            );
          })}
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {i18n._('Keep visit')}
          </Button>
          <Button type="submit" variant="destructive" loading={pending}>
            {i18n._('Decline visit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
