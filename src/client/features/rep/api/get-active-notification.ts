import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { ActiveNotificationResponse } from '../../../../shared/schemas/admin';

/** GET /api/admin/notifications/active: the admin's broadcast, or null; a failed call shows no banner. */
export async function getActiveNotification(): Promise<string | null> {
  try {
    const res = await apiFetch<ActiveNotificationResponse>('/api/admin/notifications/active');
    return res.notification?.message?.trim() || null;
  } catch {
    return null;
  }
}

export function useActiveNotification() {
  return useQuery({ ...repQueryDefaults, queryKey: ['rep', 'announcement'], queryFn: getActiveNotification });
}
