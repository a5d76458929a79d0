import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { unsubscribeThisDevice } from '../lib/browser-push';
import { notificationPreferencesKey } from './keys';

/** DELETE /api/medrep/push-subscription, and drops this browser's subscription too. */
export async function disablePush(): Promise<RepNotificationPreferencesResponse> {
  await unsubscribeThisDevice();
  return apiFetch<RepNotificationPreferencesResponse>('/api/medrep/push-subscription', { method: 'DELETE' });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disablePush,
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesKey, data),
  });
}
