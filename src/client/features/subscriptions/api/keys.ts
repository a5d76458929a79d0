// Query keys of the subscriptions domain: a leaf any domain may import to invalidate them (docs/decisions/066).
export const subscriptionPlansKey = ['subscription', 'plans'] as const;
export const subscriptionStatusKey = (repId: number) => ['subscription', 'status', repId] as const;
