import { useQuery } from '@tanstack/react-query';
import type { ResetLinkStatus, UserKind } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/{clinic|medrep}/reset-password/check: whether the reset link still works (it is not used up). */
export const checkResetLink = ({ type, token }: { type: UserKind; token: string }) =>
  apiFetch<ResetLinkStatus>(`/api/${type}/reset-password/check`, { body: { token } });

/** Asked once when /reset-password opens, so an expired or used link is said before the form (docs/decisions/036). */
export function useResetLinkStatus(o: { token: string; type: UserKind | null }) {
  const { token, type } = o;
  return useQuery({
    queryKey: ['auth', 'reset-link', type, token],
    queryFn: () => checkResetLink({ type: type!, token }),
    enabled: !!token && !!type,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
