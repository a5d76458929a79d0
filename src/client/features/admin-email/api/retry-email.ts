import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailRetryResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminEmailQueries } from './keys';

/** POST /api/admin/email-audit-logs/{id}/retry: a failed e-mail whose text is kept is queued again (400 not_retryable otherwise). */
export const retryEmail = (id: number) => adminFetch<EmailRetryResponse>(`/api/admin/email-audit-logs/${id}/retry`, { method: 'POST', body: {} });

export function useRetryEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    // The row is queued again whatever the answer said: the history and its cards are read anew.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminEmailQueries.logsKey });
      void qc.invalidateQueries({ queryKey: adminEmailQueries.stats().queryKey });
    },
  });
}
