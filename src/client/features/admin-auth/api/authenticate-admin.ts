import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSignIn } from '../../../../shared/schemas/admin-team';
import { apiFetch } from '../../../lib/api';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminAuthQueries } from './keys';

/**
 * POST /api/admin/authenticate: opens the admin session (httpOnly cookie, 30 minutes idle). `{ password }` while the
 * gate is the single password, `{ email, password, code }` once a named owner exists.
 */
export const authenticateAdmin = (body: AdminSignIn) => apiFetch<MessageResponse>('/api/admin/authenticate', { method: 'POST', body });

export function useAuthenticateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: authenticateAdmin,
    onSuccess: () => {
      // Whoever signed in now may not be whoever did before in this tab (a role, a name).
      qc.removeQueries({ queryKey: adminAuthQueries.me().queryKey });
      qc.setQueryData(adminAuthQueries.session().queryKey, true);
    },
  });
}
