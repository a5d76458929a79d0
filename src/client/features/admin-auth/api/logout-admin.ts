import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminRootKey } from '../../admin-shared/api/keys';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminAuthQueries } from './keys';

/** POST /api/admin/logout: ends the admin session on the server. */
export const logoutAdmin = () => apiFetch<MessageResponse>('/api/admin/logout', { method: 'POST', body: {} });

export function useLogoutAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    onSettled: () => {
      qc.removeQueries({ queryKey: adminRootKey, predicate: (q) => q.queryKey[1] !== 'session' });
      qc.setQueryData(adminAuthQueries.session().queryKey, false);
    },
  });
}
