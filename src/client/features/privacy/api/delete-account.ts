import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import type { ConfirmAccountDeletion } from '../../../../shared/schemas/privacy';
import { apiFetch } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/clear-offline-data';

/** POST /api/account/delete/request: e-mails a 6-digit confirmation code. */
export function useRequestAccountDeletion() {
  return useMutation({
    mutationFn: () => apiFetch<MessageResponse>('/api/account/delete/request', { method: 'POST', body: {} }),
  });
}

/** POST /api/account/delete/confirm: erases the account; every cached answer and offline data leave too. */
export function useConfirmAccountDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch<MessageResponse>('/api/account/delete/confirm', { method: 'POST', body: { code } satisfies ConfirmAccountDeletion }),
    onSuccess: () => {
      qc.clear();
      void clearOfflineData();
    },
  });
}
