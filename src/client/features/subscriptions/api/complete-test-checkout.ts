import { useMutation } from '@tanstack/react-query';
import type { TestCheckoutAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';

/** POST /api/subscription/test-checkout/complete: the labelled test checkout (no Razorpay keys configured). */
export function completeTestCheckout(orderId: string): Promise<TestCheckoutAnswer> {
  return apiFetch<TestCheckoutAnswer>('/api/subscription/test-checkout/complete', { method: 'POST', body: { orderId } });
}

export function useCompleteTestCheckout() {
  return useMutation({ mutationFn: completeTestCheckout });
}
