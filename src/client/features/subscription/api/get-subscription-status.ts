import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';

export type { SubscriptionStatusAnswer };

export const subscriptionStatusKey = (repId: number) => ['subscription', 'status', repId] as const;

const INACTIVE: SubscriptionStatusAnswer = { subscriptionStatus: 'inactive', isActive: false, subscriptionId: null, expiresAt: null, freeTrialUsed: false };

/** GET /api/subscription/status/{repId}; a failed fetch is treated as inactive (spec part 2, 4). */
export function useSubscriptionStatus(repId: number | undefined) {
  return useQuery({
    queryKey: subscriptionStatusKey(repId ?? 0),
    enabled: repId !== undefined,
    queryFn: async (): Promise<SubscriptionStatusAnswer> => {
      try {
        return await apiFetch<SubscriptionStatusAnswer>(`/api/subscription/status/${repId}`);
      } catch {
        return INACTIVE;
      }
    },
  });
}
