import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  EmailJob,
  EmailLogsResponse,
  EmailRecipientsFilter,
  EmailRecipientsResponse,
  EmailStats,
  PendingRepsResponse,
} from '../../../../shared/schemas/admin';
import type { MessageChannel } from '../../../../shared/schemas/whatsapp';
import { ApiError, NetworkError } from '../../../lib/api';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';

// The e-mail dashboard's queries, as factories (docs/decisions/067). `logsKey` is every channel of the history, and
// `pendingRepsKey` every page of the reps to re-register: what a send or a retry invalidates.

/** The history's channel filter: every channel, or one (docs/decisions/044-whatsapp.md). */
export type ChannelFilter = 'all' | MessageChannel;

const LOGS = ['admin', 'email-logs'] as const;
const PENDING_REPS = ['admin', 'pending-reps'] as const;
const POLL_MS = 1000;
const MAX_BACKOFF_MS = 4000;

/**
 * A poll that got no answer from the server itself: the connection was refused or cut, or a proxy answered 502/503/504
 * while the server restarts ('Restart Server', a deploy). The job lives in the database and resumes after the restart
 * (docs/decisions/028-outbox.md), so such a poll is tried again; a 4xx (job not found, session ended) is the answer.
 */
const isPassingFailure = (err: unknown) => err instanceof NetworkError || (err instanceof ApiError && (err.status >= 500 || err.status === 429));

/** `?name=value` of the parameters that are set, or nothing. */
function query(params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminEmailQueries = {
  logsKey: LOGS,
  pendingRepsKey: PENDING_REPS,
  /** GET /api/admin/email-audit-logs?channel&cursor: the delivery history, newest first; `all` is the server's default, left out. */
  logs: (channel: ChannelFilter = 'all') =>
    infiniteQueryOptions({
      ...adminQueryDefaults,
      queryKey: [...LOGS, channel],
      queryFn: ({ pageParam, signal }) =>
        adminFetch<EmailLogsResponse>(`/api/admin/email-audit-logs${query({ channel: channel === 'all' ? undefined : channel, cursor: pageParam })}`, {
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // The rows of the last channel stay while the next one's first page comes, so the table does not jump.
      placeholderData: keepPreviousData,
    }),
  /** GET /api/admin/email-stats: the four history cards and the per-template statistics. */
  stats: () =>
    queryOptions({ ...adminQueryDefaults, queryKey: ['admin', 'email-stats'] as const, queryFn: () => adminFetch<EmailStats>('/api/admin/email-stats') }),
  /**
   * GET /api/admin/medical-reps-with-subscription?status&q&cursor: the recipients a page at a time ("Load more"),
   * filtered and searched by the server; the first page carries the filter's total.
   */
  recipients: (filter: EmailRecipientsFilter) =>
    infiniteQueryOptions({
      ...adminQueryDefaults,
      queryKey: ['admin', 'recipients', filter],
      queryFn: ({ pageParam, signal }) =>
        adminFetch<EmailRecipientsResponse>(`/api/admin/medical-reps-with-subscription${query({ status: filter.status, q: filter.q, cursor: pageParam })}`, {
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // A new search keeps the old rows on screen until its first page arrives.
      placeholderData: keepPreviousData,
    }),
  /** GET /api/admin/pending-medical-reps?cursor: one page, newest first; the first carries the total. */
  pendingReps: () =>
    infiniteQueryOptions({
      ...adminQueryDefaults,
      queryKey: PENDING_REPS,
      queryFn: ({ pageParam, signal }) => adminFetch<PendingRepsResponse>(`/api/admin/pending-medical-reps${query({ cursor: pageParam })}`, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  /**
   * GET /api/admin/email-jobs/{jobId}: a bulk or re-registration send's progress, a poll a second until it is done. A
   * passing failure keeps the last progress shown and is tried again after 0.5, 1, 2, then every 4 seconds for as long
   * as it lasts.
   */
  job: (jobId: string | null) =>
    queryOptions({
      queryKey: ['admin', 'email-job', jobId ?? ''] as const,
      queryFn: () => adminFetch<EmailJob>(`/api/admin/email-jobs/${encodeURIComponent(jobId!)}`),
      enabled: !!jobId,
      retry: (_count, err) => isPassingFailure(err),
      retryDelay: (attempt) => Math.min(500 * 2 ** attempt, MAX_BACKOFF_MS),
      refetchOnWindowFocus: false,
      // After "Retry failed" the job is not done again: a fresh answer starts the polling anew.
      refetchInterval: (q) => (q.state.data?.done || q.state.error ? false : POLL_MS),
    }),
};
