import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import { waitlistKey } from './keys';

/** POST /api/waitlist/{id}/decline: the offered slot passes to the next rep in line (docs/decisions/043). */
export async function declineWaitlistOffer(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/waitlist/${id}/decline`, { method: 'POST' });
}

export function useDeclineWaitlistOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineWaitlistOffer,
    // Needs the network: without one it fails at once with the network's message, never waits spinning.
    networkMode: 'always',
    onSettled: () => qc.invalidateQueries({ queryKey: waitlistKey }),
  });
}
