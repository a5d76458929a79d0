import { describe, expect, it } from 'vitest';
import { effectiveSubscriptionStatus, isFreeAccessPromoRunning, isSubscriptionActive, subscriptionStatusLabel } from './subscription-status';

const now = new Date('2026-03-02T04:30:00Z');
const later = '2026-03-03T00:00:00Z';
const earlier = '2026-03-01T00:00:00Z';

describe('the subscription rule (spec part 2, 4)', () => {
  it('is active only for an active kind with a future expiry', () => {
    for (const status of ['active', 'authenticated', 'free_trial', 'trial', 'paid']) {
      expect(isSubscriptionActive({ status, expiresAt: later, now })).toBe(true);
      expect(isSubscriptionActive({ status, expiresAt: earlier, now })).toBe(false);
      expect(isSubscriptionActive({ status, expiresAt: null, now })).toBe(false);
    }
    for (const status of ['created', 'pending', 'inactive', 'expired', null]) {
      expect(isSubscriptionActive({ status, expiresAt: later, now })).toBe(false);
    }
  });

  it('reports a lapsed active kind as expired and leaves the others alone', () => {
    expect(effectiveSubscriptionStatus({ status: 'free_trial', expiresAt: earlier, now })).toBe('expired');
    expect(effectiveSubscriptionStatus({ status: 'active', expiresAt: later, now })).toBe('active');
    expect(effectiveSubscriptionStatus({ status: 'pending', expiresAt: null, now })).toBe('pending');
    expect(effectiveSubscriptionStatus({ status: null, expiresAt: null, now })).toBe('inactive');
  });

  it('labels created and pending as Pending, active and authenticated as Active (spec part 2, 2.1)', () => {
    expect(['created', 'pending'].map(subscriptionStatusLabel)).toEqual(['Pending', 'Pending']);
    expect(['active', 'authenticated'].map(subscriptionStatusLabel)).toEqual(['Active', 'Active']);
    expect(subscriptionStatusLabel('free_trial')).toBe('Free Trial');
    expect(subscriptionStatusLabel('expired')).toBe('Expired');
    expect(subscriptionStatusLabel('inactive')).toBe('Inactive');
  });

  it('runs the free-access offer up to and including its last day', () => {
    expect(isFreeAccessPromoRunning({ promoUntil: '2025-07-31', today: '2025-07-31' })).toBe(true);
    expect(isFreeAccessPromoRunning({ promoUntil: '2025-07-31', today: '2025-08-01' })).toBe(false);
    expect(isFreeAccessPromoRunning({ promoUntil: '2025-07-31', today: '2026-11-21' })).toBe(false);
  });
});
