import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from './admin-query-keys';
import type { MessageResponse } from '../../../../shared/schemas/common';

/** POST /api/admin/authenticate: opens the admin session (httpOnly cookie, 30 minutes idle). */
export const authenticateAdmin = (password: string) => apiFetch<MessageResponse>('/api/admin/authenticate', { method: 'POST', body: { password } });

export function useAuthenticateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: authenticateAdmin,
    onSuccess: () => qc.setQueryData(adminKeys.session, true),
  });
}
