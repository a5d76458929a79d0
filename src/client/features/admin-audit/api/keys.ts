import type { AdminAction, AdminAuditResponse, SecurityEventsResponse, ThreatLevel } from '../../../../shared/schemas/admin-team';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';

// The audit's and the security events' queries, as factories (docs/decisions/067); `auditKey` is every page and
// filter of the audit list, which an admin act elsewhere invalidates.

export interface AdminAuditFilter {
  adminId?: string;
  action?: AdminAction;
}

export interface SecurityEventsFilter {
  type?: string;
  level?: ThreatLevel;
}

const AUDIT = ['admin', 'audit'] as const;

export const adminAuditQueries = {
  auditKey: AUDIT,
  /** GET /api/admin/audit?adminId&action: every admin act, newest first, a page at a time. */
  audit: (filter: AdminAuditFilter) => adminListOptions<AdminAuditResponse>(AUDIT, '/api/admin/audit', { ...filter }),
  /** GET /api/admin/security-events?type&level: newest first, a page at a time; the first page brings the counts. */
  securityEvents: (filter: SecurityEventsFilter) =>
    adminListOptions<SecurityEventsResponse>(['admin', 'security-events'], '/api/admin/security-events', { ...filter }),
};
