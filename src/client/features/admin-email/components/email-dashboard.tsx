import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type EmailRecipientsFilter } from '../../../../shared/schemas/admin';
import type { RecipientGroup } from '../../../../shared/subscription/recipient-groups';
import {
  NO_SELECTION,
  afterFilterChange,
  isRecipientSelected,
  recipientsOfSend,
  selectAllOf,
  selectedCount,
  toggleRecipient,
  type RecipientSelection,
} from '../lib/recipient-selection';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { ComposeEmail } from './compose-email';
import { EmailHistory } from './email-history';
import { ManageRecipients } from './manage-recipients';
import { RecipientPanel } from './recipient-panel';
import { useI18n } from '../../../lib/i18n';
import { adminEmailQueries } from '../api/keys';

/**
 * The e-mail dashboard's tabs (spec part 2, 2.6); features/admin frames them with the header. The recipients are
 * filtered, searched and counted by the server.
 */
export function EmailDashboard() {
  const { i18n } = useI18n();
  const [group, setGroup] = useState<RecipientGroup>('all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const filter: EmailRecipientsFilter = { status: group, ...(q ? { q } : {}) };
  const recipients = useInfiniteQuery(adminEmailQueries.recipients(filter));
  const [selection, setSelection] = useState<RecipientSelection>(NO_SELECTION);
  useEffect(() => {
    if (recipients.isError) toast({ title: i18n._('Error'), description: i18n._(ADMIN_MESSAGES.loadRepsFailed), variant: 'destructive' });
  }, [recipients.isError, i18n]);

  const pages = recipients.data?.pages ?? [];
  const total = pages[0]?.total?.count ?? 0;
  const stale = recipients.isPlaceholderData || q !== search.trim();
  const count = selectedCount(selection, total);

  return (
    <>
      {recipients.isPending ? (
        <div className="flex min-h-[40vh] items-center justify-center">
          <Spinner label={i18n._('Loading medical representatives...')} />
        </div>
      ) : (
        <Tabs defaultValue="compose">
          <TabsList aria-label={i18n._('Email dashboard sections')} className="flex-wrap sm:flex-nowrap">
            <TabsTrigger value="compose">{i18n._('Compose Email')}</TabsTrigger>
            <TabsTrigger value="recipients">{i18n._('Manage Recipients')}</TabsTrigger>
            {/* The spec's name (part 2, 2.6), though it lists every channel's messages (decisions 044 and 052). */}
            <TabsTrigger value="history">{i18n._('Email History')}</TabsTrigger>
          </TabsList>
          <TabsContent value="compose" className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <ComposeEmail recipients={count > 0 ? recipientsOfSend(selection) : null} count={count} onSent={() => setSelection(NO_SELECTION)} />
            <RecipientPanel
              page={{
                rows: pages.flatMap((p) => p.medicalReps),
                total,
                hasMore: !!recipients.hasNextPage,
                loadingMore: recipients.isFetchingNextPage,
                loadMore: () => void recipients.fetchNextPage(),
                stale,
              }}
              group={group}
              onGroupChange={(g) => {
                setGroup(g);
                setSelection(afterFilterChange);
              }}
              search={search}
              onSearchChange={(text) => {
                setSearch(text);
                setSelection(afterFilterChange);
              }}
              selectedCount={count}
              allSelected={selection.mode === 'all' && selection.except.size === 0}
              onSelectAll={(on) => setSelection(on ? selectAllOf(filter) : NO_SELECTION)}
              isSelected={(id) => isRecipientSelected(selection, id)}
              onToggle={(id, on) => setSelection((s) => toggleRecipient(s, id, on))}
            />
          </TabsContent>
          <TabsContent value="recipients">
            <ManageRecipients />
          </TabsContent>
          <TabsContent value="history">
            <EmailHistory />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
