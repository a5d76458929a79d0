import { useQuery } from '@tanstack/react-query';
import type { EmailJob } from '../../../../shared/schemas/admin';
import { adminFetch } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/email-jobs/{jobId}: a bulk send's progress, polled until done. */
export const getEmailJob = (jobId: string) => adminFetch<EmailJob>(`/api/admin/email-jobs/${encodeURIComponent(jobId)}`);

export function useEmailJob(jobId: string | null) {
  return useQuery({
    queryKey: adminKeys.emailJob(jobId ?? ''),
    queryFn: () => getEmailJob(jobId!),
    enabled: !!jobId,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.done || q.state.error ? false : 1000),
  });
}
