import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanType } from '../../../../shared/constants';
import type { TestCheckoutAnswer, VerifyPaymentAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';
import { subscriptionStatusKey } from './keys';

export type VerifyPaymentInput = TestCheckoutAnswer & { medicalRepId: number; planType: PlanType };

/** POST /api/subscription/verify: the checkout's payment id, order id and signature. */
export function verifySubscriptionPayment(input: VerifyPaymentInput): Promise<VerifyPaymentAnswer> {
  return apiFetch<VerifyPaymentAnswer>('/api/subscription/verify', { method: 'POST', body: input });
}

export function useVerifySubscriptionPayment(repId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifySubscriptionPayment,
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriptionStatusKey(repId) }),
  });
}
