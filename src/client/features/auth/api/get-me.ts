import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import type { ClinicUser, MeResponse, RepUser } from '../../../../shared/schemas/auth';

// The answer's types are the server's response schemas (src/shared/schemas/auth.ts).
export type ClinicSessionUser = ClinicUser;
export type RepSessionUser = RepUser;
export type Me = MeResponse;

export const meQueryKey = ['auth', 'me'] as const;

/** Who is signed in, from the server session (GET /api/auth/me); null when nobody is. */
export async function getMe(): Promise<Me | null> {
  try {
    // Decision 010: without a network the last answer (up to 60 minutes old) lets a rep open the dashboard offline.
    return await withOfflineCache('auth:me', () => apiFetch<Me>('/api/auth/me'));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: 1, networkMode: 'offlineFirst' });
}
