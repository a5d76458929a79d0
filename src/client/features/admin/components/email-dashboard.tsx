import { useEffect, useMemo, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { useEmailRecipients } from '../api/get-email-recipients';
import { filterRecipients, type RecipientFilter } from '../lib/recipient-filters';
import { AdminHeader } from './admin-header';
import { ComposeEmail } from './compose-email';
import { EmailHistory } from './email-history';
import { ManageRecipients } from './manage-recipients';
import { RecipientPanel } from './recipient-panel';

/** /admin/email after the gate (spec part 2, 2.6). */
export function EmailDashboard() {
  const recipients = useEmailRecipients();
  const [filter, setFilter] = useState<RecipientFilter>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const all = useMemo(() => recipients.data ?? [], [recipients.data]);
  const filtered = useMemo(() => filterRecipients(all, filter), [all, filter]);
  useEffect(() => {
    if (recipients.isError) toast({ title: 'Error', description: ADMIN_MESSAGES.loadRepsFailed, variant: 'destructive' });
  }, [recipients.isError]);
  // Only reps that still exist can be selected.
  const selectedIds = useMemo(() => all.filter((r) => selected.has(r.id)).map((r) => r.id), [all, selected]);

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <AdminHeader title="Admin Email Dashboard" subtitle="Send targeted emails to medical representatives" page="email" />
      <main id="main" className="mx-auto max-w-7xl px-3 py-5 sm:px-4">
        {recipients.isPending ? (
          <div className="flex min-h-[40vh] items-center justify-center">
            <Spinner label="Loading medical representatives..." />
          </div>
        ) : (
          <Tabs defaultValue="compose">
            <TabsList aria-label="Email dashboard sections" className="flex-wrap sm:flex-nowrap">
              <TabsTrigger value="compose">Compose Email</TabsTrigger>
              <TabsTrigger value="recipients">Manage Recipients</TabsTrigger>
              <TabsTrigger value="history">Email History</TabsTrigger>
            </TabsList>
            <TabsContent value="compose" className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
              <ComposeEmail recipientIds={selectedIds} />
              <RecipientPanel filtered={filtered} filter={filter} onFilterChange={setFilter} selected={new Set(selectedIds)} onSelectedChange={setSelected} />
            </TabsContent>
            <TabsContent value="recipients">
              <ManageRecipients recipients={all} />
            </TabsContent>
            <TabsContent value="history">
              <EmailHistory />
            </TabsContent>
          </Tabs>
        )}
      </main>
    </div>
  );
}
