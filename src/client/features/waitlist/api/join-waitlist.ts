import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlist, JoinWaitlistResponse } from '../../../../shared/schemas/waitlist';
import { apiFetch } from '../../../lib/api';
import { bookingCalendarKeyPrefix } from '../../booking/api/keys';
import { waitlistKey } from './keys';

/** POST /api/waitlist: a place in the line of a full day (docs/decisions/043). */
export async function joinWaitlist(input: JoinWaitlist): Promise<JoinWaitlistResponse> {
  return apiFetch<JoinWaitlistResponse>('/api/waitlist', { method: 'POST', body: input });
}

/**
 * Joins, then waits for the rep's waitlist to be asked again, so the place shows as soon as the button stops spinning.
 * A refusal ('Slots are available on this date') means the day on screen is out of date: the calendar is asked again.
 */
export function useJoinWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    // Needs the network: without one it fails at once with the network's message, never waits spinning.
    networkMode: 'always',
    onSettled: async (_res, err) => {
      await Promise.all([qc.invalidateQueries({ queryKey: waitlistKey }), err ? qc.invalidateQueries({ queryKey: bookingCalendarKeyPrefix }) : null]);
    },
  });
}
