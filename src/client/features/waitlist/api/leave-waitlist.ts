import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import { waitlistKey } from './keys';

/** DELETE /api/waitlist/{id}: the rep gives up their place in a day's line (docs/decisions/043). */
export async function leaveWaitlist(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/waitlist/${id}`, { method: 'DELETE' });
}

export function useLeaveWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    // Needs the network: without one it fails at once with the network's message, never waits spinning.
    networkMode: 'always',
    onSettled: () => qc.invalidateQueries({ queryKey: waitlistKey }),
  });
}
