import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminResponse } from '../../../../shared/schemas/admin-team';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminTeamQueries } from './keys';
import { adminAuditQueries } from '../../admin-audit/api/keys';

/** PATCH /api/admin/admins/{id} {active}: deactivating ends that admin's sessions at once. */
export const updateAdmin = ({ id, active }: { id: number; active: boolean }) =>
  adminFetch<UpdateAdminResponse>(`/api/admin/admins/${id}`, { method: 'PATCH', body: { active } });

export function useUpdateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminTeamQueries.teamKey });
      void qc.invalidateQueries({ queryKey: adminAuditQueries.auditKey });
    },
  });
}
