import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

export interface ReregistrationResult {
  sent: number;
  failed: number;
  skipped: number;
  message: string;
}

/** POST /api/admin/send-reregistration-emails {sendToAll} or {emails}: a fresh code and link each. */
export const sendReregistrationEmails = (body: { sendToAll: true } | { emails: string[] }) =>
  adminFetch<ReregistrationResult>('/api/admin/send-reregistration-emails', { method: 'POST', body });

export function useSendReregistrationEmails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendReregistrationEmails,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.pendingReps });
      void qc.invalidateQueries({ queryKey: adminKeys.emailLogs });
    },
  });
}
