import { useMutation } from '@tanstack/react-query';
import type { InviteConfirm, InviteConfirmResponse } from '../../../../shared/schemas/admin-team';
import { apiFetch } from '../../../lib/api';

/** POST /api/admin/invite/confirm {token, code}: the first good code turns two-factor on; answers the ten recovery codes. */
export const confirmAdminInvite = (body: InviteConfirm) => apiFetch<InviteConfirmResponse>('/api/admin/invite/confirm', { method: 'POST', body });

export function useConfirmAdminInvite() {
  return useMutation({ mutationFn: confirmAdminInvite });
}
