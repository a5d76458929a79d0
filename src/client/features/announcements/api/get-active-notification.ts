import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api';
import { isNetworkFailure } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { ActiveNotificationResponse } from '../../../../shared/schemas/admin';

/** The announcement the banner shows: its id (the dismissal is remembered by it) and its text. */
export interface Announcement {
  id: number;
  message: string;
}

/**
 * GET /api/admin/notifications/active: the admin's broadcast, or null; a refused call shows no banner. A call that
 * found no network is a failure, not "no announcement": kept as null, it would never be asked again (decision 047).
 */
export async function getActiveNotification(): Promise<Announcement | null> {
  try {
    const { notification } = await apiFetch<ActiveNotificationResponse>('/api/admin/notifications/active');
    const message = notification?.message?.trim();
    return notification && message ? { id: notification.id, message } : null;
  } catch (err) {
    if (isNetworkFailure(err)) throw err;
    return null;
  }
}

export function useActiveNotification() {
  const query = useQuery({ ...repQueryDefaults, queryKey: ['rep', 'announcement'], queryFn: getActiveNotification });
  // Not loaded for want of a network (the dashboard opened offline): asked again once the network is back.
  const { isError, refetch } = query;
  useEffect(() => {
    if (!isError) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [isError, refetch]);
  return query;
}
