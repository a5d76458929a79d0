import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { subscribeThisDevice } from '../lib/browser-push';
import { getVapidPublicKey } from './get-vapid-public-key';
import { notificationPreferencesKey } from './keys';

/** Asks the browser for a push subscription, then POST /api/medrep/push-subscription {subscription}. */
export async function enablePushOnThisDevice(): Promise<RepNotificationPreferencesResponse> {
  const subscription = await subscribeThisDevice(await getVapidPublicKey());
  return apiFetch<RepNotificationPreferencesResponse>('/api/medrep/push-subscription', { method: 'POST', body: { subscription } });
}

export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePushOnThisDevice,
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesKey, data),
  });
}
