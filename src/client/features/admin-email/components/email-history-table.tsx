import { Loader2, RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { EmailLog } from '../../../../shared/schemas/admin';
import { useRetryEmail } from '../api/retry-email';
import { displayDateTime } from '../../admin-shared/lib/admin-format';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { EmailStatus } from './email-status';
import { EmailAddress } from '../../../components/ui/email-address';
import { displayWhatsAppNumber } from '../../../../shared/whatsapp';
import { MessageChannelLabel } from './message-channel';
import { WhatsAppDeliveryStatus } from './whatsapp-delivery-status';
import { useI18n } from '../../../lib/i18n';

const ERROR_PREVIEW = 50; // spec part 2, 9

/** "Retry" on a failed e-mail whose text is kept; its name says whose e-mail, as a list of such buttons needs. */
function RetryEmailButton({ log }: { log: EmailLog }) {
  const { i18n } = useI18n();
  const retry = useRetryEmail();
  const onRetry = () =>
    retry.mutate(log.id, {
      onSuccess: (r) => toast({ title: i18n._('Email Retried'), description: r.message, variant: 'success' }),
      onError: (err) =>
        toast({ title: i18n._('Retry Failed'), description: errorMessage(err, i18n._('Could not queue the email again.')), variant: 'destructive' }),
    });
  // Not disabled while it works, so a keyboard user's focus stays on it (as LoadMoreRows does).
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => !retry.isPending && onRetry()}
      aria-disabled={retry.isPending || undefined}
      aria-busy={retry.isPending || undefined}
      aria-label={i18n._('Retry the email to {email}', { email: log.recipient_email })}
    >
      {retry.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <RotateCw className="h-4 w-4" aria-hidden />}
      {i18n._('Retry')}
    </Button>
  );
}

/**
 * spec part 2, 2.6: Status (icon + badge), Recipient, Subject with the 'Error:' line, Template, Service, Sent At. Every
 * e-mail goes through the outbox (docs/decisions/028-outbox.md), so a row may not be sent yet: its Sent At is then the
 * time it was queued, said so, and a failed one that can go again has a Retry button under its status.
 * The history holds every channel of the outbox (docs/decisions/044-whatsapp.md): a Channel column, a WhatsApp
 * message's number and what WhatsApp reported of it; only an e-mail can be sent again from here.
 */
export function EmailHistoryTable({ logs }: { logs: EmailLog[] }) {
  const { i18n } = useI18n();
  const columns: Column<EmailLog>[] = [
    {
      header: /*i18n*/ 'Status',
      cell: (l) => (
        <span className="grid justify-items-start gap-1.5">
          <EmailStatus log={l} />
          {l.channel === 'whatsapp' && (l.delivery_status || l.status === 'sent') && (
            <WhatsAppDeliveryStatus status={l.delivery_status} at={l.delivery_status_at} />
          )}
          {l.retryable && l.channel === 'email' && <RetryEmailButton log={l} />}
        </span>
      ),
    },
    { header: /*i18n*/ 'Channel', cell: (l) => <MessageChannelLabel channel={l.channel} /> },
    {
      header: /*i18n*/ 'Recipient',
      primary: true,
      cell: (l) => (
        <span className="grid">
          <span className="font-medium">{l.recipient_name ?? '—'}</span>
          {l.channel === 'whatsapp' && l.recipient_phone && (
            <span className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">{displayWhatsAppNumber(l.recipient_phone)}</span>
          )}
          <EmailAddress address={l.recipient_email} className="text-xs text-slate-600 dark:text-slate-300" />
        </span>
      ),
    },
    {
      header: /*i18n*/ 'Subject',
      cell: (l) => (
        <span className="grid">
          {/* The subject as it was sent, in the recipient's language: a record, not a text of this screen. */}
          <span translate="no">{l.subject}</span>
          {/* A replaced e-mail's "error" is only that a newer code went instead; its status says so. */}
          {l.error_message && l.status !== 'replaced' && (
            <span className="text-xs text-red-700 dark:text-red-300">{i18n._('Error: {error}', { error: l.error_message.slice(0, ERROR_PREVIEW) })}</span>
          )}
        </span>
      ),
    },
    { header: /*i18n*/ 'Template', cell: (l) => <Badge>{l.template_type}</Badge> },
    { header: /*i18n*/ 'Service', cell: (l) => l.email_service ?? '—' },
    {
      header: /*i18n*/ 'Sent At',
      cell: (l) =>
        l.sent_at ? (
          displayDateTime(l.sent_at)
        ) : (
          <span className="grid text-slate-600 dark:text-slate-300">
            <span className="text-xs font-medium">{i18n._('Queued, not sent yet')}</span>
            <span className="whitespace-nowrap">{displayDateTime(l.queued_at)}</span>
          </span>
        ),
    },
  ];
  return (
    <DataList
      rows={logs}
      columns={columns}
      rowKey={(l) => l.id}
      caption={i18n._('Email delivery history')}
      empty={
        <span className="grid gap-1">
          <span className="font-medium">{i18n._('No email history found')}</span>
          <span>{i18n._('Send some emails to see delivery history here')}</span>
        </span>
      }
    />
  );
}
