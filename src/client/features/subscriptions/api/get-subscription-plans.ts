import { useQuery } from '@tanstack/react-query';
import type { PlansAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';
import { subscriptionPlansKey } from './keys';

/** GET /api/subscription/plans: prices, the free-access promotion date, trial length and test mode. */
export function getSubscriptionPlans(): Promise<PlansAnswer> {
  return apiFetch<PlansAnswer>('/api/subscription/plans');
}

export function useSubscriptionPlans() {
  return useQuery({ queryKey: subscriptionPlansKey, queryFn: getSubscriptionPlans, staleTime: 10 * 60_000 });
}
