import { queryOptions } from '@tanstack/react-query';
import type { AdminSessionResponse } from '../../../../shared/schemas/admin';
import type { AdminGateResponse, AdminMeResponse } from '../../../../shared/schemas/admin-team';
import { ApiError, apiFetch } from '../../../lib/api';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';

// The admin session's queries, as factories any area may use or invalidate by their queryKey (docs/decisions/067).

/** GET /api/admin/session: true when this browser holds an admin session (the gate on reload). */
async function getAdminSession(): Promise<boolean> {
  try {
    await apiFetch<AdminSessionResponse>('/api/admin/session');
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    throw err;
  }
}

export const adminAuthQueries = {
  session: () =>
    queryOptions({ queryKey: ['admin', 'session'] as const, queryFn: getAdminSession, retry: false, staleTime: Infinity, refetchOnWindowFocus: false }),
  /** GET /api/admin/gate (public): the single-password form until a named owner has enrolled, then the team's. */
  gate: () =>
    queryOptions({
      queryKey: ['admin', 'gate'] as const,
      queryFn: ({ signal }) => apiFetch<AdminGateResponse>('/api/admin/gate', { signal }),
      // Read on every visit to the gate: an owner may have enrolled since this tab last asked.
      retry: 1,
      staleTime: 0,
      refetchOnWindowFocus: false,
    }),
  /** GET /api/admin/me: who is signed in and with which role (the single-password session is id 0, an owner). */
  me: () =>
    queryOptions({
      ...adminQueryDefaults,
      queryKey: ['admin', 'me'] as const,
      queryFn: ({ signal }) => adminFetch<AdminMeResponse>('/api/admin/me', { signal }),
      staleTime: 5 * 60_000,
    }),
};
