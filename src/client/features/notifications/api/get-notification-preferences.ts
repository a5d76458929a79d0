import { useQuery } from '@tanstack/react-query';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { notificationPreferencesKey } from './keys';

/** GET /api/medrep/notification-preferences: the rep's reminder choices and whether a device gets pushes. */
export function getNotificationPreferences(): Promise<RepNotificationPreferencesResponse> {
  return apiFetch<RepNotificationPreferencesResponse>('/api/medrep/notification-preferences');
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesKey, queryFn: getNotificationPreferences, ...repQueryDefaults });
}
