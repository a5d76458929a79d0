import { useQuery } from '@tanstack/react-query';
import type { EmailRecipientsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/medical-reps-with-subscription */
export const getEmailRecipients = () => adminFetch<EmailRecipientsResponse>('/api/admin/medical-reps-with-subscription').then((r) => r.medicalReps);

export function useEmailRecipients() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.recipients, queryFn: getEmailRecipients });
}
