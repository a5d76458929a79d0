import { queryOptions } from '@tanstack/react-query';
import type { ResetLinkStatus, AccountKind, VerifyLinkStatus } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';
import { checkAvailability, type AvailabilityField } from './availability-fetch';
import { getMe } from './me-fetch';

// Query keys and queryOptions factories of the auth domain: a leaf any domain may import to read or invalidate them
// (docs/decisions/066, 067); key values unchanged.
export const meQueryKey = ['auth', 'me'] as const;

/** A link's token and the kind of account it is for (null while the page has not read it). */
interface LinkQuery {
  token: string;
  type: AccountKind | null;
}

export const authQueries = {
  /** GET /api/auth/me: who is signed in (null when nobody is); offline, the device's last answer (decision 010). */
  me: () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: 1, networkMode: 'offlineFirst' }),
  /** POST /api/check-availability of one typed value; a failed check counts as available (spec part 1, 5). */
  availability: (field: AvailabilityField, value: string, email?: string) =>
    queryOptions({
      queryKey: ['auth', 'availability', field, value, email ?? null],
      queryFn: () => checkAvailability(field, value, email),
      staleTime: 30_000,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  /**
   * POST /api/{clinic|medrep}/reset-password/check: whether the reset link still works (it is not used up). Asked once
   * when /reset-password opens, so an expired or used link is said before the form (docs/decisions/036).
   */
  resetLink: ({ token, type }: LinkQuery) =>
    queryOptions({
      queryKey: ['auth', 'reset-link', type, token],
      queryFn: () => apiFetch<ResetLinkStatus>(`/api/${type!}/reset-password/check`, { body: { token } }),
      enabled: !!token && !!type,
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  /**
   * POST /api/verify-email/check: whether the link still waits for its password, already verified, or no longer works.
   * Asked once when /verify-email opens (docs/decisions/036); reads only, so asking again is harmless.
   */
  verifyLink: ({ token, type }: LinkQuery) =>
    queryOptions({
      queryKey: ['auth', 'verify-link', type, token],
      queryFn: () => apiFetch<VerifyLinkStatus>('/api/verify-email/check', { body: { token, type: type! } }),
      enabled: !!token && !!type,
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};
