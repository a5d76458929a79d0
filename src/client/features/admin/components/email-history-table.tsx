import { CheckCircle2, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { EmailLog } from '../../../../shared/schemas/admin';
import { displayDateTime } from '../lib/admin-format';
import { DataList, type Column } from './data-list';

const ERROR_PREVIEW = 50; // spec part 2, 9

/** spec part 2, 2.6: Status (icon + badge), Recipient, Subject with the 'Error:' line, Template, Service, Sent At. */
export function EmailHistoryTable({ logs }: { logs: EmailLog[] }) {
  const columns: Column<EmailLog>[] = [
    {
      header: 'Status',
      cell: (l) =>
        l.status === 'sent' ? (
          <span className="inline-flex items-center gap-1.5">
            <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
            <Badge tone="success">sent</Badge>
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5">
            <XCircle className="h-4 w-4 text-red-600" aria-hidden />
            <Badge tone="danger">failed</Badge>
          </span>
        ),
    },
    {
      header: 'Recipient',
      primary: true,
      cell: (l) => (
        <span className="grid">
          <span className="font-medium">{l.recipient_name ?? '—'}</span>
          <span className="break-all text-xs text-slate-600 dark:text-slate-300">{l.recipient_email}</span>
        </span>
      ),
    },
    {
      header: 'Subject',
      cell: (l) => (
        <span className="grid">
          <span>{l.subject}</span>
          {l.error_message && <span className="text-xs text-red-700 dark:text-red-300">Error: {l.error_message.slice(0, ERROR_PREVIEW)}</span>}
        </span>
      ),
    },
    { header: 'Template', cell: (l) => <Badge>{l.template_type}</Badge> },
    { header: 'Service', cell: (l) => l.email_service },
    { header: 'Sent At', cell: (l) => displayDateTime(l.sent_at) },
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
