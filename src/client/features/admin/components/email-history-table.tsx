import { Loader2, RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { EmailLog } from '../../../../shared/schemas/admin';
import { useRetryEmail } from '../api/retry-email';
import { displayDateTime } from '../lib/admin-format';
import { DataList, type Column } from './data-list';
import { EmailStatus } from './email-status';
import { EmailAddress } from '../../../components/ui/email-address';
import { displayWhatsAppNumber } from '../../../../shared/whatsapp';
import { MessageChannelLabel } from './message-channel';
import { WhatsAppDeliveryStatus } from './whatsapp-delivery-status';

const ERROR_PREVIEW = 50; // spec part 2, 9

/** "Retry" on a failed e-mail whose text is kept; its name says whose e-mail, as a list of such buttons needs. */
function RetryEmailButton({ log }: { log: EmailLog }) {
  const retry = useRetryEmail();
  const onRetry = () =>
    retry.mutate(log.id, {
      onSuccess: (r) => toast({ title: 'Email Retried', description: r.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Retry Failed', description: errorMessage(err, 'Could not queue the email again.'), variant: 'destructive' }),
    });
  // Not disabled while it works, so a keyboard user's focus stays on it (as LoadMoreRows does).
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => !retry.isPending && onRetry()}
      aria-disabled={retry.isPending || undefined}
      aria-busy={retry.isPending || undefined}
      aria-label={`Retry the email to ${log.recipient_email}`}
    >
      {retry.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <RotateCw className="h-4 w-4" aria-hidden />}
      Retry
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
  const columns: Column<EmailLog>[] = [
    {
      header: 'Status',
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
    { header: 'Channel', cell: (l) => <MessageChannelLabel channel={l.channel} /> },
    {
      header: 'Recipient',
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
      header: 'Subject',
      cell: (l) => (
        <span className="grid">
          <span>{l.subject}</span>
          {/* A replaced e-mail's "error" is only that a newer code went instead; its status says so. */}
          {l.error_message && l.status !== 'replaced' && (
            <span className="text-xs text-red-700 dark:text-red-300">Error: {l.error_message.slice(0, ERROR_PREVIEW)}</span>
          )}
        </span>
      ),
    },
    { header: 'Template', cell: (l) => <Badge>{l.template_type}</Badge> },
    { header: 'Service', cell: (l) => l.email_service ?? '—' },
    {
      header: 'Sent At',
      cell: (l) =>
        l.sent_at ? (
          displayDateTime(l.sent_at)
        ) : (
          <span className="grid text-slate-600 dark:text-slate-300">
            <span className="text-xs font-medium">Queued, not sent yet</span>
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
      caption="Email delivery history"
      empty={
        <span className="grid gap-1">
          <span className="font-medium">No email history found</span>
          <span>Send some emails to see delivery history here</span>
        </span>
      }
    />
  );
}
