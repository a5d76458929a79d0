import { useQuery } from '@tanstack/react-query';
import type { EmailLogsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/email-audit-logs */
export const getEmailLogs = () => adminFetch<EmailLogsResponse>('/api/admin/email-audit-logs').then((r) => r.logs);

export function useEmailLogs() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.emailLogs, queryFn: getEmailLogs });
}
