import { queryOptions } from '@tanstack/react-query';
import type { ActiveNotificationResponse } from '../../../../shared/schemas/admin';
import { apiFetch } from '../../../lib/api';
import { isNetworkFailure } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

// The query factory of the admin's broadcast as the rep's banner reads it: a leaf any domain may import to read or
// invalidate it (docs/decisions/066, 067); the key value is unchanged.

/** The announcement the banner shows: its id (the dismissal is remembered by it) and its text. */
interface Announcement {
  id: number;
  message: string;
}

export const announcementsQueries = {
  /**
   * GET /api/admin/notifications/active: the admin's broadcast, or null; a refused call shows no banner. A call that
   * found no network is a failure, not "no announcement": kept as null, it would never be asked again (decision 047).
   */
  active: () =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'announcement'],
      queryFn: async (): Promise<Announcement | null> => {
        try {
          const { notification } = await apiFetch<ActiveNotificationResponse>('/api/admin/notifications/active');
          const message = notification?.message?.trim();
          return notification && message ? { id: notification.id, message } : null;
        } catch (err) {
          if (isNetworkFailure(err)) throw err;
          return null;
        }
      },
    }),
};
