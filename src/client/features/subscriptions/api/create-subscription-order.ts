import { useMutation } from '@tanstack/react-query';
import type { PlanType } from '../../../../shared/constants';
import type { CreateOrderAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';

export interface CreateOrderInput {
  planType: PlanType;
  medicalRepId: number;
  customerEmail: string;
  customerName: string;
}

/** POST /api/subscription/create: an order for the plan; the amount is the server's. */
export function createSubscriptionOrder(input: CreateOrderInput): Promise<CreateOrderAnswer> {
  return apiFetch<CreateOrderAnswer>('/api/subscription/create', { method: 'POST', body: input });
}

export function useCreateSubscriptionOrder() {
  return useMutation({ mutationFn: createSubscriptionOrder });
}
