import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export interface SubscriptionStatusAnswer {
  subscriptionStatus: string;
  isActive: boolean;
  subscriptionId: string | null;
  expiresAt: string | null;
}

export const subscriptionStatusKey = (repId: number) => ['subscription', 'status', repId] as const;

/** GET /api/subscription/status/{repId}; a failed fetch is treated as inactive (spec part 2, 4). */
export function useSubscriptionStatus(repId: number | undefined) {
  return useQuery({
    queryKey: subscriptionStatusKey(repId ?? 0),
    enabled: repId !== undefined,
    queryFn: async (): Promise<SubscriptionStatusAnswer> => {
      try {
        return await apiFetch<SubscriptionStatusAnswer>(`/api/subscription/status/${repId}`);
      } catch {
        return { subscriptionStatus: 'inactive', isActive: false, subscriptionId: null, expiresAt: null };
      }
    },
  });
}
