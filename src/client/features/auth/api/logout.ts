import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/clear-offline-data';
import { forgetPushOnLogout } from '../../notifications/lib/forget-push-on-logout';

/** Ends the session on the server (POST /api/auth/logout) and forgets every cached answer. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await forgetPushOnLogout(); // no visit reminders on a device signed out of
      return apiFetch<MessageResponse>('/api/auth/logout', { method: 'POST', body: {} });
    },
    // Offline, the rep still leaves (local data cleared) instead of waiting for the network.
    networkMode: 'always',
    onSettled: () => {
      qc.clear();
      // Decision 010: cached answers and unsent bookings leave the device with the session.
      void clearOfflineData();
    },
  });
}
