import type { EmailRecipient } from '../../../../shared/schemas/admin';

// spec part 2, 4: the e-mail dashboard's recipient filters, and the badge each recipient shows.

export const RECIPIENT_FILTERS = [
  { value: 'all', label: 'All Registered' },
  { value: 'free-trial-active', label: 'Free Trial Active' },
  { value: 'free-trial-not-activated', label: 'Free Trial Not Activated' },
  { value: 'subscribed', label: 'Subscribed Users' },
  { value: 'expired', label: 'Expired/Inactive' },
] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number]['value'];

const TRIAL = new Set(['free_trial', 'trial']);

export type RecipientKind = 'trial' | 'subscribed' | 'not-activated' | 'expired';

/** One kind per recipient, so every filter but 'all' picks a disjoint group. */
export function recipientKind(r: EmailRecipient): RecipientKind {
  if (r.isActive) return TRIAL.has(r.subscriptionStatus) ? 'trial' : 'subscribed';
  if (!r.freeTrialUsed && !r.subscriptionExpiresAt) return 'not-activated';
  return 'expired';
}

export function filterRecipients(list: EmailRecipient[], filter: RecipientFilter): EmailRecipient[] {
  const wanted: Record<Exclude<RecipientFilter, 'all'>, RecipientKind> = {
    'free-trial-active': 'trial',
    'free-trial-not-activated': 'not-activated',
    subscribed: 'subscribed',
    expired: 'expired',
  };
  return filter === 'all' ? list : list.filter((r) => recipientKind(r) === wanted[filter]);
}

export const RECIPIENT_BADGE: Record<RecipientKind, { label: string; tone: 'info' | 'success' | 'neutral' | 'danger' }> = {
  trial: { label: 'Free Trial', tone: 'info' },
  subscribed: { label: 'Subscribed', tone: 'success' },
  'not-activated': { label: 'Not Activated', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'danger' },
};
