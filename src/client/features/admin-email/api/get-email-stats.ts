import { useQuery } from '@tanstack/react-query';
import type { EmailStats } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/email-stats: the four history cards and the per-template statistics. */
export const getEmailStats = () => adminFetch<EmailStats>('/api/admin/email-stats');

export function useEmailStats() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.emailStats, queryFn: getEmailStats });
}
