import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminTeamQueries } from './keys';
import { adminAuditQueries } from '../../admin-audit/api/keys';

/**
 * POST /api/admin/admins/{id}/reset-two-factor: password, second factor and recovery codes cleared, sessions ended, a
 * new enrolment link e-mailed. Also how an invitation is sent again.
 */
export const resetAdminTwoFactor = (id: number) => adminFetch<MessageResponse>(`/api/admin/admins/${id}/reset-two-factor`, { method: 'POST', body: {} });

export function useResetAdminTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetAdminTwoFactor,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminTeamQueries.teamKey });
      void qc.invalidateQueries({ queryKey: adminAuditQueries.auditKey });
    },
  });
}
