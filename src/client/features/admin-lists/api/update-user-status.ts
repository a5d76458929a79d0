import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserType, UserStatusResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminListsQueries } from './keys';

/** PATCH /api/admin/users/{id}/status {userType, status}: status is the target (active or inactive). */
export const updateUserStatus = ({ id, userType, status }: { id: number; userType: AdminUserType; status: 'active' | 'inactive' }) =>
  adminFetch<UserStatusResponse>(`/api/admin/users/${id}/status`, { method: 'PATCH', body: { userType, status } });

export function useUpdateUserStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUserStatus, onSuccess: () => qc.invalidateQueries({ queryKey: adminListsQueries.usersKey }) });
}
