import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
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
import { useEmailJob } from '../api/get-email-job';
import { useSendBulkEmail } from '../api/send-bulk-email';
import { EmailJobProgress } from './email-job-progress';

// The form's part of the shared bulkEmailSchema (the recipients come from the recipient panel).
const composeFormSchema = bulkEmailMessageSchema;
type ComposeInput = z.input<typeof composeFormSchema>;
type ComposeValues = z.output<typeof composeFormSchema>;

/**
 * spec part 2, 2.6 'Compose Email': quick templates, subject, 12-row content, send with progress. `recipients` are
 * ticked ids or a selection by filter (docs/decisions/023); `count` is how many that is, by the server's total.
 */
export function ComposeEmail({ recipients, count }: { recipients: Pick<BulkEmail, 'recipientIds' | 'selection'> | null; count: number }) {
  const form = useForm<ComposeInput, unknown, ComposeValues>({
    resolver: zodResolver(composeFormSchema),
    defaultValues: { subject: '', content: '', templateType: 'custom' },
    shouldFocusError: false,
  });
  const templateType = useWatch({ control: form.control, name: 'templateType' });
  const [sending, setSending] = useState<{ jobId: string; message: string } | null>(null);
  const contentId = useId();
  const send = useSendBulkEmail();
  const job = useEmailJob(sending?.jobId ?? null);
  const n = recipients ? count : 0;
  // A send at a time: the bar follows one job (through a server restart too); a job that cannot be read frees the form.
  const running = !!sending && !job.data?.done && !job.isError;

  const pick = (type: (typeof QUICK_TEMPLATES)[number]) => {
    form.setValue('templateType', type.type);
    form.setValue('subject', type.subject);
    form.setValue('content', type.content);
  };

  // The compose box's messages are toasts (spec part 2, 2.6): no recipients first, then missing content.
  const noRecipients = () => toast({ title: ADMIN_MESSAGES.noRecipients, description: ADMIN_MESSAGES.noBulkRecipients, variant: 'destructive' });
  const refused = () => {
    if (n === 0) return noRecipients();
    toast({ title: ADMIN_MESSAGES.missingContent, description: ADMIN_MESSAGES.missingContentText, variant: 'destructive' });
  };
  const submit = form.handleSubmit(({ subject, content, templateType }) => {
    if (!recipients || n === 0) return noRecipients();
    send.mutate(
      { ...recipients, subject, content, templateType },
      {
        onSuccess: (r) => {
          setSending({ jobId: r.jobId, message: r.message });
          toast({ title: 'Sending Emails', description: r.message, variant: 'info' });
        },
        onError: (err) => toast({ title: 'Send Failed', description: errorMessage(err, ADMIN_MESSAGES.sendEmailsFailed), variant: 'destructive' }),
      },
    );
  }, refused);

  return (
    <Card>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Quick Templates</legend>
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
                {t.label}
              </Button>
            ))}
          </div>
        </fieldset>
        <FormField label="Subject">
          <Input {...form.register('subject')} maxLength={200} placeholder="Email subject" />
        </FormField>
        <div className="grid gap-1.5">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Email Content
          </label>
          <textarea
            id={contentId}
            rows={12}
            {...form.register('content')}
            aria-describedby={`${contentId}-hint`}
            placeholder="Write your message..."
            className="w-full rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          <p id={`${contentId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            Use {'{{name}}'} to personalise with the recipient's name.
          </p>
        </div>
        {sending && <EmailJobProgress jobId={sending.jobId} what="Emails" note={sending.message} />}
        <Button type="submit" disabled={n === 0 || running} loading={send.isPending}>
          {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
          {send.isPending || running ? 'Sending...' : `Send to ${n.toLocaleString()} Recipients`}
        </Button>
      </form>
    </Card>
  );
}
