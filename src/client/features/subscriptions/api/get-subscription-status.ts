import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { subscriptionStatusKey } from './keys';

export type { SubscriptionStatusAnswer };

const INACTIVE: SubscriptionStatusAnswer = {
  subscriptionStatus: 'inactive',
  isActive: false,
  subscriptionId: null,
  expiresAt: null,
  freeTrialUsed: false,
  refund: null,
};

/** GET /api/subscription/status/{repId}; a failed fetch is treated as inactive (spec part 2, 4). */
export function useSubscriptionStatus(repId: number | undefined) {
  return useQuery({
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
  });
}
