import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminRootKey } from '../../admin-shared/api/keys';

/** DELETE /api/admin/doctors/{id}: the doctor at one clinic (the link id of the Doctors tab's row). */
export const deleteDoctor = (id: number) => adminFetch<MessageResponse>(`/api/admin/doctors/${id}`, { method: 'DELETE' });

export function useDeleteDoctor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteDoctor, onSuccess: () => qc.invalidateQueries({ queryKey: adminRootKey }) });
}
