import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepNotificationPreferences, RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { notificationPreferencesKey } from './keys';

/** PUT /api/medrep/notification-preferences */
export function saveNotificationPreferences(input: RepNotificationPreferences): Promise<RepNotificationPreferencesResponse> {
  return apiFetch<RepNotificationPreferencesResponse>('/api/medrep/notification-preferences', { method: 'PUT', body: input });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesKey, data),
  });
}
