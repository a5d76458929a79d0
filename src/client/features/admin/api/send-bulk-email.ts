import { useMutation } from '@tanstack/react-query';
import type { BulkEmail } from '../../../../shared/schemas/admin';
import { adminFetch } from './admin-fetch';

/** POST /api/admin/send-bulk-email: 202 with a job to follow (GET /api/admin/email-jobs/{jobId}). */
export const sendBulkEmail = (body: BulkEmail) =>
  adminFetch<{ jobId: string; sent: number; queued: number; message: string }>('/api/admin/send-bulk-email', { method: 'POST', body });

export function useSendBulkEmail() {
  return useMutation({ mutationFn: sendBulkEmail });
}
