import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailRetryResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminEmailQueries } from './keys';

/** POST /api/admin/email-jobs/{jobId}/retry-failed: every failed e-mail of the send is queued again. */
export const retryFailedJobEmails = (jobId: string) =>
  adminFetch<EmailRetryResponse>(`/api/admin/email-jobs/${encodeURIComponent(jobId)}/retry-failed`, { method: 'POST', body: {} });

export function useRetryFailedJobEmails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJobEmails,
    // The job is not done any more: reading it again resumes its polling (the job query of keys.ts).
    onSuccess: (_r, jobId) => {
      void qc.invalidateQueries({ queryKey: adminEmailQueries.job(jobId).queryKey });
      void qc.invalidateQueries({ queryKey: adminEmailQueries.logsKey });
      void qc.invalidateQueries({ queryKey: adminEmailQueries.stats().queryKey });
    },
  });
}
