import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** GET /api/admin/notifications/active: the admin's broadcast, or null; a failed call shows no banner. */
export async function getActiveNotification(): Promise<string | null> {
  try {
    const res = await apiFetch<{ notification: { message: string } | null }>('/api/admin/notifications/active');
    return res.notification?.message?.trim() || null;
  } catch {
    return null;
  }
}

export function useActiveNotification() {
  return useQuery({ ...repQueryDefaults, queryKey: ['rep', 'announcement'], queryFn: getActiveNotification });
}
