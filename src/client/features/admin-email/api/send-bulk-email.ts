import { useMutation } from '@tanstack/react-query';
import type { BulkEmail, BulkEmailQueuedResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';

/** POST /api/admin/send-bulk-email: 202 with a job to follow (GET /api/admin/email-jobs/{jobId}). */
export const sendBulkEmail = (body: BulkEmail) => adminFetch<BulkEmailQueuedResponse>('/api/admin/send-bulk-email', { method: 'POST', body });

export function useSendBulkEmail() {
  return useMutation({ mutationFn: sendBulkEmail });
}
