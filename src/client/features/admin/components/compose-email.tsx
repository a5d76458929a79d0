import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
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
import { adminKeys } from '../api/admin-query-keys';
import { useEmailJob } from '../api/get-email-job';
import { useSendBulkEmail } from '../api/send-bulk-email';

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
  const [jobId, setJobId] = useState<string | null>(null);
  const contentId = useId();
  const send = useSendBulkEmail();
  const job = useEmailJob(jobId);
  const qc = useQueryClient();
  const n = recipients ? count : 0;
  const running = !!jobId && !job.data?.done;

  useEffect(() => {
    if (!job.data?.done) return;
    const { sent, failed } = job.data;
    toast({
      title: failed ? 'Emails Sent with Errors' : 'Emails Sent',
      description: `${sent} sent${failed ? `, ${failed} failed` : ''}. See Email History for details.`,
      variant: failed ? 'destructive' : 'success',
    });
    void qc.invalidateQueries({ queryKey: adminKeys.emailLogs });
    void qc.invalidateQueries({ queryKey: adminKeys.emailStats });
  }, [job.data, qc]);

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
          setJobId(r.jobId);
          toast({ title: 'Sending Emails', description: r.message, variant: 'info' });
        },
        onError: (err) => toast({ title: 'Send Failed', description: errorMessage(err, ADMIN_MESSAGES.sendEmailsFailed), variant: 'destructive' }),
      },
    );
  }, refused);

  const progress = job.data && job.data.total > 0 ? Math.round(((job.data.sent + job.data.failed) / job.data.total) * 100) : 0;
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
        {jobId && job.data && (
          <div className="grid gap-1" aria-live="polite">
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {job.data.done ? 'Finished' : 'Sending'}: {job.data.sent} sent, {job.data.failed} failed of {job.data.total}
            </p>
            <progress max={100} value={progress} className="h-2 w-full accent-teal-700" aria-label="Sending progress" />
          </div>
        )}
        <Button type="submit" disabled={n === 0 || running} loading={send.isPending}>
          {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
          {send.isPending || running ? 'Sending...' : `Send to ${n.toLocaleString()} Recipients`}
        </Button>
      </form>
    </Card>
  );
}
