import { useInfiniteQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { reregistrationMailText } from '../../../../shared/admin-mail-texts';
import { ADMIN_MESSAGES, parseEmailList, reregistrationSchema, type Reregistration } from '../../../../shared/schemas/admin';
import { useEmailJob } from '../api/use-email-job';
import { useSendReregistrationEmails, type ReregistrationResult } from '../api/send-reregistration-emails';
import { EmailJobProgress } from './email-job-progress';
import { PendingRepsList } from './pending-reps-list';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { adminEmailQueries } from '../api/keys';

const preview = reregistrationMailText({ name: '{{name}}', code: '123456', link: 'https://…/verify-email?token=…' });

type ReregistrationFields = { all: boolean; selected: string[]; except: string[]; manual: string };

// The ticked reps and the typed addresses become the shared reregistrationSchema's `emails` (spec part 2, 5): typed
// text with no address in it is refused first, then an empty list. "Select all" is every pending rep, chosen by the
// server, less the ones unticked afterwards (docs/decisions/023).
const emailsOf = (v: ReregistrationFields) => [...new Set([...v.selected, ...parseEmailList(v.manual)])];
const reregistrationFormSchema = z
  .object({ all: z.boolean(), selected: z.array(z.string()), except: z.array(z.string()), manual: z.string() })
  .superRefine((v, ctx) => {
    if (v.manual.trim() && parseEmailList(v.manual).length === 0) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.invalidEmailsText, path: ['manual'] });
      return;
    }
    if (v.all) return;
    const checked = reregistrationSchema.safeParse({ emails: emailsOf(v) });
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message, path: ['selected'] });
  })
  .transform((v): Reregistration => {
    const typed = parseEmailList(v.manual);
    return v.all ? { sendToAll: true, except: v.except, ...(typed.length ? { emails: typed } : {}) } : { emails: emailsOf(v) };
  });

const NOTHING: ReregistrationFields = { all: false, selected: [], except: [], manual: '' };

/** spec part 2, 2.5 (b) and 5: re-registration e-mails to reps whose registration is pending. */
export function ReregistrationTool() {
  const { i18n } = useI18n();
  const pending = useInfiniteQuery(adminEmailQueries.pendingReps());
  const send = useSendReregistrationEmails();
  const form = useForm<ReregistrationFields, unknown, Reregistration>({
    resolver: zodResolver(reregistrationFormSchema),
    defaultValues: NOTHING,
    shouldFocusError: false,
  });
  // Whether a code is still active is judged against the time the tool opened; render stays pure.
  const [openedAt] = useState(() => Date.now());
  const [all, selectedList, exceptList] = useWatch({ control: form.control, name: ['all', 'selected', 'except'] });
  const selected = new Set(selectedList);
  const except = new Set(exceptList);
  const manualId = useId();
  const rows = pending.data?.pages.flatMap((p) => p.pendingReps) ?? [];
  const total = pending.data?.pages[0]?.total?.count ?? 0;

  // The e-mails are queued with their new codes and delivered by a job (docs/decisions/028-outbox.md), followed below.
  const [sending, setSending] = useState<{ jobId: string; message: string } | null>(null);
  const job = useEmailJob(sending?.jobId ?? null);
  const running = !!sending && !job.data?.done && !job.isError;
  const done = (r: ReregistrationResult) => {
    toast({ title: i18n._('Re-registration Emails'), description: r.message, variant: r.sent === 0 ? 'destructive' : 'info' });
    setSending(r.sent > 0 ? { jobId: r.jobId, message: r.message } : null);
    form.reset(NOTHING);
  };
  const failed = (err: unknown) =>
    toast({
      title: i18n._(ADMIN_MESSAGES.reregistrationFailed),
      description: errorMessage(err, i18n._(ADMIN_MESSAGES.reregistrationFailed)),
      variant: 'destructive',
    });

  const refused = (errors: FieldErrors<ReregistrationFields>) =>
    errors.manual
      ? toast({ title: i18n._(ADMIN_MESSAGES.invalidEmails), description: i18n._(ADMIN_MESSAGES.invalidEmailsText), variant: 'destructive' })
      : toast({ title: i18n._(ADMIN_MESSAGES.noRecipients), description: i18n._(ADMIN_MESSAGES.noReregistrationRecipients), variant: 'destructive' });
  const sendSelected = form.handleSubmit((body) => send.mutate(body, { onSuccess: done, onError: failed }), refused);
  const sendAll = () => send.mutate({ sendToAll: true }, { onSuccess: done, onError: failed });
  const selectAll = (on: boolean) => {
    form.setValue('all', on);
    form.setValue('selected', []);
    form.setValue('except', []);
  };
  // Under "Select all" an untick is an exception; otherwise a tick is a choice.
  const toggle = (email: string, on: boolean) => {
    const field = all ? 'except' : 'selected';
    const next = new Set(all ? except : selected);
    if (on !== all) next.add(email);
    else next.delete(email);
    form.setValue(field, [...next]);
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <MailPlus className="h-5 w-5 text-teal-700 dark:text-teal-400" aria-hidden />
        {i18n._('Re-registration Emails')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{i18n._('Send pending medical representatives a new verification code and link.')}</p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-3">
          <Checkbox
            checked={all && except.size === 0}
            onCheckedChange={selectAll}
            label={i18n._('Select all ({count} pending)', { count: formatNumber(total) })}
            disabled={total === 0}
          />
          <PendingRepsList
            loading={pending.isPending}
            rows={rows}
            total={total}
            openedAt={openedAt}
            isSelected={(email) => (all ? !except.has(email) : selected.has(email))}
            onToggle={toggle}
            hasMore={!!pending.hasNextPage}
            loadingMore={pending.isFetchingNextPage}
            onLoadMore={() => void pending.fetchNextPage()}
          />
          <label htmlFor={manualId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._('Or enter e-mail addresses')}
          </label>
          <textarea
            id={manualId}
            {...form.register('manual')}
            rows={3}
            placeholder="one@example.com, two@example.com"
            aria-describedby={`${manualId}-hint`}
            className="w-full rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          <p id={`${manualId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {i18n._('Separate addresses with commas, semicolons or line breaks.')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={sendAll}
              loading={send.isPending && !!send.variables && 'sendToAll' in send.variables && !('except' in send.variables)}
              disabled={send.isPending || running || total === 0}
            >
              {i18n._('Send to All Pending')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void sendSelected()}
              loading={send.isPending && !!send.variables && ('emails' in send.variables || 'except' in send.variables)}
              disabled={send.isPending || running}
            >
              {i18n._('Send to Selected')}
            </Button>
          </div>
          {sending && <EmailJobProgress jobId={sending.jobId} what="re-registration" note={sending.message} />}
        </div>
        <figure className="grid content-start gap-2">
          <figcaption className="text-sm font-medium text-slate-800 dark:text-slate-200">{i18n._('Email template preview')}</figcaption>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
            <p className="font-semibold text-slate-900 dark:text-white">{i18n._('Subject: {subject}', { subject: preview.subject })}</p>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-slate-700 dark:text-slate-300">{preview.text}</pre>
          </div>
        </figure>
      </div>
    </Card>
  );
}
