import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EmailLogsResponse } from '../../../../shared/schemas/admin';
import type { MessageChannel } from '../../../../shared/schemas/whatsapp';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** The history's channel filter: every channel, or one (docs/decisions/044-whatsapp.md). */
export type ChannelFilter = 'all' | MessageChannel;

/** GET /api/admin/email-audit-logs?channel&cursor: one page of the delivery history, newest first; `all` is the server's default, left out. */
export const getEmailLogs = (o: { channel?: ChannelFilter; cursor?: string; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (o.channel && o.channel !== 'all') query.set('channel', o.channel);
  if (o.cursor) query.set('cursor', o.cursor);
  const search = query.toString();
  return adminFetch<EmailLogsResponse>(`/api/admin/email-audit-logs${search ? `?${search}` : ''}`, { signal: o.signal });
};

export function useEmailLogs(channel: ChannelFilter = 'all') {
  return useInfiniteQuery({
    ...adminQueryDefaults,
    queryKey: [...adminKeys.emailLogs, channel],
    queryFn: ({ pageParam, signal }) => getEmailLogs({ channel, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The rows of the last channel stay while the next one's first page comes, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
