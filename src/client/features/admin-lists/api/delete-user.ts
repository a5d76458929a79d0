import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserType } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminRootKey } from '../../admin-shared/api/keys';

/** DELETE /api/admin/users/{id} {userType}: the account with its sessions, appointments and settings. */
export const deleteUser = ({ id, userType }: { id: number; userType: AdminUserType }) =>
  adminFetch<MessageResponse>(`/api/admin/users/${id}`, { method: 'DELETE', body: { userType } });

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => qc.invalidateQueries({ queryKey: adminRootKey }) });
}
