import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAction, AdminAuditResponse } from '../../../../shared/schemas/admin-team';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

export interface AdminAuditFilter {
  adminId?: string;
  action?: AdminAction;
}

/** GET /api/admin/audit?adminId&action: every admin act, newest first, a page at a time. */
export function useAdminAudit(filter: AdminAuditFilter) {
  return useInfiniteQuery(adminListOptions<AdminAuditResponse>(adminKeys.audit, '/api/admin/audit', { ...filter }));
}
