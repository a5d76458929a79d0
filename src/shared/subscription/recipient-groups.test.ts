import { describe, expect, it } from 'vitest';
import { recipientKind } from './recipient-groups';

const rep = (o: Partial<Parameters<typeof recipientKind>[0]>) => ({
  subscriptionStatus: 'inactive',
  subscriptionExpiresAt: null,
  freeTrialUsed: false,
  isActive: false,
  ...o,
});

describe('recipient groups (spec part 2, 4)', () => {
  it('puts each rep in exactly one group', () => {
    const trial = rep({ subscriptionStatus: 'free_trial', freeTrialUsed: true, isActive: true, subscriptionExpiresAt: '2027-01-01T00:00:00Z' });
    const paid = rep({ subscriptionStatus: 'active', freeTrialUsed: true, isActive: true, subscriptionExpiresAt: '2027-01-01T00:00:00Z' });
    const fresh = rep({});
    const lapsed = rep({ subscriptionStatus: 'expired', freeTrialUsed: true, subscriptionExpiresAt: '2026-01-01T00:00:00Z' });
    const trialWithoutExpiry = rep({ subscriptionStatus: 'free_trial', freeTrialUsed: true });
    expect([trial, paid, fresh, lapsed, trialWithoutExpiry].map(recipientKind)).toEqual([
      'free-trial-active',
      'subscribed',
      'free-trial-not-activated',
      'expired',
      'expired',
    ]);
  });
});
