import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminRootKey } from '../../admin-shared/api/keys';

/** DELETE /api/admin/appointments/{id} */
export const deleteAppointment = (id: number) => adminFetch<MessageResponse>(`/api/admin/appointments/${id}`, { method: 'DELETE' });

export function useDeleteAppointment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAppointment, onSuccess: () => qc.invalidateQueries({ queryKey: adminRootKey }) });
}
