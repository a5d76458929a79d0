import { describe, expect, it } from 'vitest';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { filterRecipients, recipientKind } from './recipient-filters';

const rep = (o: Partial<EmailRecipient>): EmailRecipient => ({
  id: 1,
  fullName: 'A',
  email: 'a@example.com',
  company: 'C',
  state: 'S',
  registrationDate: '2026-01-01T00:00:00Z',
  subscriptionStatus: 'inactive',
  subscriptionExpiresAt: null,
  freeTrialUsed: false,
  isActive: false,
  ...o,
});

describe('recipient filters (spec part 2, 4)', () => {
  const trial = rep({ id: 1, subscriptionStatus: 'free_trial', freeTrialUsed: true, isActive: true, subscriptionExpiresAt: '2027-01-01T00:00:00Z' });
  const paid = rep({ id: 2, subscriptionStatus: 'active', freeTrialUsed: true, isActive: true, subscriptionExpiresAt: '2027-01-01T00:00:00Z' });
  const fresh = rep({ id: 3 });
  const lapsed = rep({ id: 4, subscriptionStatus: 'expired', freeTrialUsed: true, subscriptionExpiresAt: '2026-01-01T00:00:00Z' });
  const all = [trial, paid, fresh, lapsed];

  it('puts each rep in exactly one group', () => {
    expect(all.map(recipientKind)).toEqual(['trial', 'subscribed', 'not-activated', 'expired']);
  });

  it('filters by the five values', () => {
    expect(filterRecipients(all, 'all')).toHaveLength(4);
    expect(filterRecipients(all, 'free-trial-active')).toEqual([trial]);
    expect(filterRecipients(all, 'subscribed')).toEqual([paid]);
    expect(filterRecipients(all, 'free-trial-not-activated')).toEqual([fresh]);
    expect(filterRecipients(all, 'expired')).toEqual([lapsed]);
  });
});
