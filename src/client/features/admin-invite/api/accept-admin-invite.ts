import { useMutation } from '@tanstack/react-query';
import type { InviteAccept, InviteAcceptResponse } from '../../../../shared/schemas/admin-team';
import { apiFetch } from '../../../lib/api';

/** POST /api/admin/invite/accept {token, password}: the password is set; answers the TOTP secret and its otpauth URL. */
export const acceptAdminInvite = (body: InviteAccept) => apiFetch<InviteAcceptResponse>('/api/admin/invite/accept', { method: 'POST', body });

export function useAcceptAdminInvite() {
  return useMutation({ mutationFn: acceptAdminInvite });
}
