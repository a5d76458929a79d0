// The root of every admin query key: each admin area's keys (features/admin-*/api/keys.ts) start with it, so a delete
// that changes every list and count, or the sign-out, reaches them all at once (docs/decisions/067).
export const adminRootKey = ['admin'] as const;
