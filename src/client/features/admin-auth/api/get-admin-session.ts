import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { adminKeys } from '../../admin-shared/api/keys';
import type { AdminSessionResponse } from '../../../../shared/schemas/admin';

/** GET /api/admin/session: true when this browser holds an admin session (the gate on reload). */
export async function getAdminSession(): Promise<boolean> {
  try {
    await apiFetch<AdminSessionResponse>('/api/admin/session');
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    throw err;
  }
}

export function useAdminSession() {
  return useQuery({ queryKey: adminKeys.session, queryFn: getAdminSession, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
}
