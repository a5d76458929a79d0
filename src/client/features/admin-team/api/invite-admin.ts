import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteAdmin, InviteAdminResponse } from '../../../../shared/schemas/admin-team';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminTeamQueries } from './keys';
import { adminAuditQueries } from '../../admin-audit/api/keys';

/** POST /api/admin/admins {name, email, role}: 201, and the invitation link goes out by e-mail (48 hours, used once). */
export const inviteAdmin = (body: InviteAdmin) => adminFetch<InviteAdminResponse>('/api/admin/admins', { method: 'POST', body });

export function useInviteAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminTeamQueries.teamKey });
      void qc.invalidateQueries({ queryKey: adminAuditQueries.auditKey });
    },
  });
}
