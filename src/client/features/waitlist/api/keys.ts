// Query keys of the waitlist domain: a leaf any domain may import to invalidate them (docs/decisions/066).
export const waitlistKey = ['rep', 'waitlist'] as const;
