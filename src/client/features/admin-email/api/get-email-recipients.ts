import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EmailRecipientsFilter, EmailRecipientsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/medical-reps-with-subscription?status&q&cursor: one page, filtered and searched by the server. */
export function getEmailRecipients(o: { filter: EmailRecipientsFilter; cursor?: string; signal?: AbortSignal }) {
  const params = new URLSearchParams({ status: o.filter.status });
  if (o.filter.q) params.set('q', o.filter.q);
  if (o.cursor) params.set('cursor', o.cursor);
  return adminFetch<EmailRecipientsResponse>(`/api/admin/medical-reps-with-subscription?${params}`, { signal: o.signal });
}

/** The recipients a page at a time ("Load more"); the first page carries the filter's total. */
export function useEmailRecipients(filter: EmailRecipientsFilter) {
  return useInfiniteQuery({
    ...adminQueryDefaults,
    queryKey: [...adminKeys.recipients, filter],
    queryFn: ({ pageParam, signal }) => getEmailRecipients({ filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search keeps the old rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}
