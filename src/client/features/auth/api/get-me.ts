import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';

export interface ClinicSessionUser {
  id: number;
  contactPerson: string;
  clinicName: string;
  city: string;
  state: string;
  email: string;
  contactNumber: string;
}
export interface RepSessionUser {
  id: number;
  email: string;
  fullName: string;
  phone: string;
  company: string;
  state: string;
}
export type Me =
  | { userType: 'clinic'; user: ClinicSessionUser; termsAccepted: boolean }
  | { userType: 'medrep'; user: RepSessionUser; termsAccepted: boolean };

export const meQueryKey = ['auth', 'me'] as const;

/** Who is signed in, from the server session (GET /api/auth/me); null when nobody is. */
export async function getMe(): Promise<Me | null> {
  try {
    // Issue 8: without a network the last answer (up to 60 minutes old) lets a rep open the dashboard offline.
    return await withOfflineCache('auth:me', () => apiFetch<Me>('/api/auth/me'));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: 1, networkMode: 'offlineFirst' });
}
