import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import type { Reregistration, ReregistrationResponse } from '../../../../shared/schemas/admin';
import { adminEmailQueries } from './keys';

/** The answer, as the server's schema says: `sent` e-mails queued, delivered by the job `jobId` (the job query of keys.ts). */
export type ReregistrationResult = ReregistrationResponse;

/** POST /api/admin/send-reregistration-emails {sendToAll, except?, emails?} or {emails}: a fresh code and link each, queued as a job. */
export const sendReregistrationEmails = (body: Reregistration) =>
  adminFetch<ReregistrationResult>('/api/admin/send-reregistration-emails', { method: 'POST', body });

export function useSendReregistrationEmails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendReregistrationEmails,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminEmailQueries.pendingRepsKey });
      void qc.invalidateQueries({ queryKey: adminEmailQueries.logsKey });
      void qc.invalidateQueries({ queryKey: adminEmailQueries.stats().queryKey });
    },
  });
}
