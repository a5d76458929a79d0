import { useQuery } from '@tanstack/react-query';
import type { UserKind, VerifyLinkStatus } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/verify-email/check: whether the link still waits for its password, already verified, or no longer works. */
export const checkVerifyLink = (body: { token: string; type: UserKind }) => apiFetch<VerifyLinkStatus>('/api/verify-email/check', { body });

/** Asked once when /verify-email opens (docs/decisions/036); reads only, so asking again is harmless. */
export function useVerifyLinkStatus(o: { token: string; type: UserKind | null }) {
  const { token, type } = o;
  return useQuery({
    queryKey: ['auth', 'verify-link', type, token],
    queryFn: () => checkVerifyLink({ token, type: type! }),
    enabled: !!token && !!type,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
