import { Badge } from '../../../components/ui/badge';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { RECIPIENT_BADGE, recipientKind } from '../lib/recipient-filters';
import { DataList, type Column } from './data-list';

const registered = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toLocaleDateString() : 'Invalid Date';
};

/** spec part 2, 2.6 'Manage Recipients': the table 'All Medical Representatives'. */
export function ManageRecipients({ recipients }: { recipients: EmailRecipient[] }) {
  const columns: Column<EmailRecipient>[] = [
    { header: 'Name', primary: true, cell: (r) => r.fullName },
    { header: 'Email', cell: (r) => <span className="break-all">{r.email}</span> },
    { header: 'Company', cell: (r) => r.company },
    { header: 'State', cell: (r) => r.state },
    {
      header: 'Status',
      cell: (r) => {
        const b = RECIPIENT_BADGE[recipientKind(r)];
        return <Badge tone={b.tone}>{b.label}</Badge>;
      },
    },
    { header: 'Registered', cell: (r) => registered(r.registrationDate) },
  ];
  return (
    <section aria-labelledby="all-reps-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="all-reps-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        All Medical Representatives
      </h2>
      <DataList rows={recipients} columns={columns} rowKey={(r) => r.id} caption="All Medical Representatives" empty="No medical representatives yet." />
    </section>
  );
}
