import { queryOptions } from '@tanstack/react-query';
import { isListedWaitlistStatus } from '../../../../shared/booking/waitlist';
import type { WaitlistResponse } from '../../../../shared/schemas/waitlist';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

// Query keys and queryOptions factories of the waitlist domain: a leaf any domain may import to read or invalidate
// them (docs/decisions/066, 067).
export const waitlistKey = ['rep', 'waitlist'] as const;

export const waitlistQueries = {
  /**
   * GET /api/waitlist: the signed-in rep's places in the lines of full days (docs/decisions/043). Not kept on the device
   * (decision 010's cache): an offer holds its slot for a short while only, so an old copy would show a slot that is
   * gone. Unlike the rest of the rep's queries (spec part 2, 7), it is asked again whenever the page regains focus or
   * the network returns: an offer made while the rep was in another app (or offline) then shows without a reload.
   */
  entries: () =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: waitlistKey,
      queryFn: async () => {
        const res = await apiFetch<WaitlistResponse>('/api/waitlist');
        // A place still in a line (waiting, or offered a slot), and an offer that ran out, which reads 'Offer expired'
        // until the rep removes it (docs/decisions/050); the others (declined, accepted) are history.
        return res.entries.filter((e) => isListedWaitlistStatus(e.status));
      },
      refetchOnMount: 'always',
      refetchOnWindowFocus: 'always',
      refetchOnReconnect: 'always',
    }),
};
