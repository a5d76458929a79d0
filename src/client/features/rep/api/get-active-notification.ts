import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { ActiveNotificationResponse } from '../../../../shared/schemas/admin';

/** The announcement the banner shows: its id (the dismissal is remembered by it) and its text. */
export interface Announcement {
  id: number;
  message: string;
}

/** GET /api/admin/notifications/active: the admin's broadcast, or null; a failed call shows no banner. */
export async function getActiveNotification(): Promise<Announcement | null> {
  try {
    const { notification } = await apiFetch<ActiveNotificationResponse>('/api/admin/notifications/active');
    const message = notification?.message?.trim();
    return notification && message ? { id: notification.id, message } : null;
  } catch {
    return null;
  }
}

export function useActiveNotification() {
  return useQuery({ ...repQueryDefaults, queryKey: ['rep', 'announcement'], queryFn: getActiveNotification });
}
