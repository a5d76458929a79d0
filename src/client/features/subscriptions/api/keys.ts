import { queryOptions } from '@tanstack/react-query';
import type { PlansAnswer, SubscriptionStatusAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';

// Query keys and queryOptions factories of the subscriptions domain: a leaf any domain may import to read or
// invalidate them (docs/decisions/066, 067); key values unchanged.
export const subscriptionPlansKey = ['subscription', 'plans'] as const;
export const subscriptionStatusKey = (repId: number) => ['subscription', 'status', repId] as const;

const INACTIVE: SubscriptionStatusAnswer = {
  subscriptionStatus: 'inactive',
  isActive: false,
  subscriptionId: null,
  expiresAt: null,
  freeTrialUsed: false,
  refund: null,
};

export const subscriptionsQueries = {
  /** GET /api/subscription/plans: prices, the free-access promotion date, trial length and test mode. */
  plans: () => queryOptions({ queryKey: subscriptionPlansKey, queryFn: () => apiFetch<PlansAnswer>('/api/subscription/plans'), staleTime: 10 * 60_000 }),
  /** GET /api/subscription/status/{repId}, waiting for the rep's id; a failed fetch is treated as inactive (spec part 2, 4). */
  status: (repId: number | undefined) =>
    queryOptions({
      queryKey: subscriptionStatusKey(repId ?? 0),
      enabled: repId !== undefined,
      networkMode: 'always',
      queryFn: async (): Promise<SubscriptionStatusAnswer> => {
        try {
          // Decision 010: offline, the last known status (up to 60 minutes old) keeps the booking form; the server decides on sync.
          return await withOfflineCache(`subscription:status:${repId}`, () => apiFetch<SubscriptionStatusAnswer>(`/api/subscription/status/${repId}`));
        } catch {
          return INACTIVE;
        }
      },
    }),
};
