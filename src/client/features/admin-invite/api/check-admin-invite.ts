import { useQuery } from '@tanstack/react-query';
import type { InviteCheckResponse } from '../../../../shared/schemas/admin-team';
import { ApiError, apiFetch } from '../../../lib/api';
import { adminKeys } from '../../admin-shared/api/keys';

/** POST /api/admin/invite/check {token}: whose link this is, before the page asks anything (400 when it is spent). */
export const checkAdminInvite = (token: string, signal?: AbortSignal) =>
  apiFetch<InviteCheckResponse>('/api/admin/invite/check', { method: 'POST', body: { token }, signal });

export function useAdminInviteCheck(token: string) {
  return useQuery({
    queryKey: adminKeys.invite(token),
    queryFn: ({ signal }) => checkAdminInvite(token, signal),
    enabled: token !== '',
    // A spent or unknown link is an answer; only a failed connection is worth asking again.
    retry: (count, err) => !(err instanceof ApiError) && count < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
