import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreeTrialAnswer } from '../../../../shared/schemas/subscription';
import { apiFetch } from '../../../lib/api';
import { subscriptionStatusKey } from './keys';

/** POST /api/subscription/activate-free-trial: once per rep. */
export function activateFreeTrial(medicalRepId: number): Promise<FreeTrialAnswer> {
  return apiFetch<FreeTrialAnswer>('/api/subscription/activate-free-trial', { method: 'POST', body: { medicalRepId } });
}

export function useActivateFreeTrial(repId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => activateFreeTrial(repId),
    // The status decides whether the booking form shows; a refusal may mean another tab already started it.
    onSettled: () => qc.invalidateQueries({ queryKey: subscriptionStatusKey(repId) }),
  });
}
