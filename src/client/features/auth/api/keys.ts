// Query keys of the auth domain: a leaf any domain may import to invalidate them (docs/decisions/066).
export const meQueryKey = ['auth', 'me'] as const;
