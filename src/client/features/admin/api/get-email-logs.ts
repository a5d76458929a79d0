import { useInfiniteQuery } from '@tanstack/react-query';
import type { EmailLogsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/email-audit-logs?cursor: one page of the delivery history, newest first. */
export const getEmailLogs = (o: { cursor?: string; signal?: AbortSignal } = {}) =>
  adminFetch<EmailLogsResponse>(`/api/admin/email-audit-logs${o.cursor ? `?cursor=${encodeURIComponent(o.cursor)}` : ''}`, { signal: o.signal });

export function useEmailLogs() {
  return useInfiniteQuery({
    ...adminQueryDefaults,
    queryKey: adminKeys.emailLogs,
    queryFn: ({ pageParam, signal }) => getEmailLogs({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
