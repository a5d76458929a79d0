import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { QUICK_TEMPLATES } from '../../../../shared/admin-mail-texts';
import { ADMIN_MESSAGES, bulkEmailMessageSchema, type BulkEmail } from '../../../../shared/schemas/admin';
import { useEmailJob } from '../api/use-email-job';
import { useSendBulkEmail } from '../api/send-bulk-email';
import { EmailJobProgress } from './email-job-progress';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

// The form's part of the shared bulkEmailSchema (the recipients come from the recipient panel).
const composeFormSchema = bulkEmailMessageSchema;
type ComposeInput = z.input<typeof composeFormSchema>;
type ComposeValues = z.output<typeof composeFormSchema>;

const EMPTY_DRAFT: ComposeInput = { subject: '', content: '', templateType: 'custom' };

/**
 * spec part 2, 2.6 'Compose Email': quick templates, subject, 12-row content, send with progress. `recipients` are
 * ticked ids or a selection by filter (docs/decisions/023); `count` is how many that is, by the server's total.
 * Once the server has taken a send, the draft is emptied and `onSent` clears the selection, so the same e-mail
 * cannot go out twice by a second click (docs/decisions/035).
 */
export function ComposeEmail({
  recipients,
  count,
  onSent,
}: {
  recipients: Pick<BulkEmail, 'recipientIds' | 'selection'> | null;
  count: number;
  onSent: () => void;
}) {
  const { i18n } = useI18n();
  const form = useForm<ComposeInput, unknown, ComposeValues>({
    resolver: zodResolver(composeFormSchema),
    defaultValues: EMPTY_DRAFT,
    shouldFocusError: false,
  });
  // Set at the first click, before React has drawn the button busy: a double click submits once.
  const submitting = useRef(false);
  const templateType = useWatch({ control: form.control, name: 'templateType' });
  const [sending, setSending] = useState<{ jobId: string; message: string } | null>(null);
  const contentId = useId();
  const send = useSendBulkEmail();
  const job = useEmailJob(sending?.jobId ?? null);
  const n = recipients ? count : 0;
  // A send at a time: the bar follows one job (through a server restart too); a job that cannot be read frees the form.
  const running = !!sending && !job.data?.done && !job.isError;
  const busy = send.isPending || form.formState.isSubmitting;

  const pick = (type: (typeof QUICK_TEMPLATES)[number]) => {
    form.setValue('templateType', type.type);
    form.setValue('subject', type.subject);
    form.setValue('content', type.content);
  };

  // The compose box's messages are toasts (spec part 2, 2.6): no recipients first, then missing content.
  const noRecipients = () =>
    toast({ title: i18n._(ADMIN_MESSAGES.noRecipients), description: i18n._(ADMIN_MESSAGES.noBulkRecipients), variant: 'destructive' });
  const refused = () => {
    if (n === 0) return noRecipients();
    toast({ title: i18n._(ADMIN_MESSAGES.missingContent), description: i18n._(ADMIN_MESSAGES.missingContentText), variant: 'destructive' });
  };
  const validated = form.handleSubmit(async ({ subject, content, templateType }) => {
    if (!recipients || n === 0) return noRecipients();
    await send
      .mutateAsync({ ...recipients, subject, content, templateType })
      .then((r) => {
        setSending({ jobId: r.jobId, message: r.message });
        toast({ title: i18n._('Sending Emails'), description: r.message, variant: 'info' });
        form.reset(EMPTY_DRAFT);
        onSent();
      })
      .catch((err: unknown) =>
        toast({ title: i18n._('Send Failed'), description: errorMessage(err, i18n._(ADMIN_MESSAGES.sendEmailsFailed)), variant: 'destructive' }),
      );
  }, refused);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    void validated(e).finally(() => {
      submitting.current = false;
    });
  };

  return (
    <Card>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{i18n._('Quick Templates')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {QUICK_TEMPLATES.map((t) => (
              <Button
                key={t.type}
                variant={templateType === t.type ? 'primary' : 'secondary'}
                size="sm"
                onClick={() => pick(t)}
                aria-pressed={templateType === t.type}
                className="h-auto min-h-8 py-1.5 leading-tight"
              >
                {i18n._(t.label)}
              </Button>
            ))}
          </div>
        </fieldset>
        <FormField label={i18n._('Subject')}>
          <Input {...form.register('subject')} maxLength={200} placeholder={i18n._('Email subject')} />
        </FormField>
        <div className="grid gap-1.5">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._('Email Content')}
          </label>
          <textarea
            id={contentId}
            rows={12}
            {...form.register('content')}
            aria-describedby={`${contentId}-hint`}
            placeholder={i18n._('Write your message...')}
            className="w-full rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          <p id={`${contentId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {i18n._("Use {placeholder} to personalise with the recipient's name.", { placeholder: '{{name}}' })}
          </p>
        </div>
        {sending && <EmailJobProgress jobId={sending.jobId} what="emails" note={sending.message} />}
        <Button type="submit" disabled={n === 0 || running} loading={busy}>
          {!busy && <Send className="h-4 w-4" aria-hidden />}
          {busy || running
            ? i18n._('Sending...')
            : i18n._('{count, plural, one {Send to {n} Recipient} other {Send to {n} Recipients}}', { count: n, n: formatNumber(n) })}
        </Button>
      </form>
    </Card>
  );
}
