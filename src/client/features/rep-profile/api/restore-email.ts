import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';

/** POST /api/medrep/restore-email: the undo link of an e-mail change puts the old address back (decision 031). */
export const restoreEmail = ({ token }: { token: string }) => apiFetch<MessageResponse>('/api/medrep/restore-email', { body: { token } });

export function useRestoreEmail() {
  return useMutation({ mutationFn: restoreEmail });
}
