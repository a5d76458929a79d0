import { useQuery } from '@tanstack/react-query';
import { isListedWaitlistStatus, isOpenWaitlistStatus } from '../../../../shared/booking/waitlist';
import type { WaitlistEntry, WaitlistResponse } from '../../../../shared/schemas/waitlist';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { waitlistKey } from './keys';

/** GET /api/waitlist: the signed-in rep's places in the lines of full days (docs/decisions/043). */
export async function getWaitlist(): Promise<WaitlistEntry[]> {
  const res = await apiFetch<WaitlistResponse>('/api/waitlist');
  // A place still in a line (waiting, or offered a slot), and an offer that ran out, which reads 'Offer expired' until
  // the rep removes it (docs/decisions/050); the others (declined, accepted) are history.
  return res.entries.filter((e) => isListedWaitlistStatus(e.status));
}

/**
 * The rep's open waitlist entries. Not kept on the device (decision 010's cache): an offer holds its slot for a short
 * while only, so an old copy would show a slot that is gone. Unlike the rest of the rep's queries (spec part 2, 7), it
 * is asked again whenever the page regains focus or the network returns: an offer made while the rep was in another
 * app (or offline) then shows without a reload (docs/decisions/043).
 */
export function useWaitlist() {
  return useQuery({
    ...repQueryDefaults,
    queryKey: waitlistKey,
    queryFn: getWaitlist,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

/** The rep's open entry for this doctor, clinic and date, if any (an offer that ran out is not: the rep may join again). */
export const openEntryFor = (entries: readonly WaitlistEntry[] | undefined, q: { doctorId: number; clinicId: number; date: string }) =>
  entries?.find((e) => isOpenWaitlistStatus(e.status) && e.doctorId === q.doctorId && e.clinicId === q.clinicId && e.date.slice(0, 10) === q.date);
