import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptOfferResponse } from '../../../../shared/schemas/waitlist';
import { apiFetch } from '../../../lib/api';
import { bookingCalendarKeyPrefix } from '../../booking/api/keys';
import { daySlotsKeyPrefix } from '../../booking/api/keys';
import { repAppointmentsKeyPrefix } from '../../booking/api/keys';
import { waitlistKey } from './keys';

/** POST /api/waitlist/{id}/accept: the offered slot becomes the rep's visit (docs/decisions/043). */
export async function acceptWaitlistOffer(id: number): Promise<AcceptOfferResponse> {
  return apiFetch<AcceptOfferResponse>(`/api/waitlist/${id}/accept`, { method: 'POST' });
}

/** Accepts, then refreshes the waitlist, My Appointments (the new visit) and the calendars it fills. */
export function useAcceptWaitlistOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptWaitlistOffer,
    // Needs the network: without one it fails at once with the network's message, never waits spinning.
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all(
        [waitlistKey, repAppointmentsKeyPrefix, bookingCalendarKeyPrefix, daySlotsKeyPrefix].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
    },
  });
}
