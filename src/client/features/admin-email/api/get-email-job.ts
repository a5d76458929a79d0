import { useQuery } from '@tanstack/react-query';
import type { EmailJob } from '../../../../shared/schemas/admin';
import { ApiError, NetworkError } from '../../../lib/api';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/email-jobs/{jobId}: a bulk or re-registration send's progress, polled until done. */
export const getEmailJob = (jobId: string) => adminFetch<EmailJob>(`/api/admin/email-jobs/${encodeURIComponent(jobId)}`);

const POLL_MS = 1000;
const MAX_BACKOFF_MS = 4000;

/**
 * A poll that got no answer from the server itself: the connection was refused or cut, or a proxy answered 502/503/504
 * while the server restarts ('Restart Server', a deploy). The job lives in the database and resumes after the restart
 * (docs/decisions/028-outbox.md), so such a poll is tried again; a 4xx (job not found, session ended) is the answer.
 */
const isPassingFailure = (err: unknown) => err instanceof NetworkError || (err instanceof ApiError && (err.status >= 500 || err.status === 429));

/**
 * The job's progress, a poll a second until it is done. A passing failure keeps the last progress shown and is tried
 * again after 0.5, 1, 2, then every 4 seconds for as long as it lasts; `reconnecting` is true meanwhile.
 */
export function useEmailJob(jobId: string | null) {
  const query = useQuery({
    queryKey: adminKeys.emailJob(jobId ?? ''),
    queryFn: () => getEmailJob(jobId!),
    enabled: !!jobId,
    retry: (_count, err) => isPassingFailure(err),
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, MAX_BACKOFF_MS),
    refetchOnWindowFocus: false,
    // After "Retry failed" the job is not done again: a fresh answer starts the polling anew.
    refetchInterval: (q) => (q.state.data?.done || q.state.error ? false : POLL_MS),
  });
  return { ...query, reconnecting: query.failureCount > 0 && !query.isError };
}
