import { ACTIVE_SUBSCRIPTION_STATUSES } from './subscription-status';

// spec part 2, 4: the e-mail dashboard's recipient filter values. Every rep falls in exactly one group besides
// 'all', so the groups split the list. The server filters by them in SQL (admin-email.repo.ts, the same rule);
// the screens read a rep's group from the row to show its badge.

export const RECIPIENT_GROUPS = ['all', 'free-trial-active', 'free-trial-not-activated', 'subscribed', 'expired'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];
export type RecipientKind = Exclude<RecipientGroup, 'all'>;

export const TRIAL_SUBSCRIPTION_STATUSES = ['free_trial', 'trial'] as const;
/** The active kinds that are not a trial. */
export const PAID_SUBSCRIPTION_STATUSES = ACTIVE_SUBSCRIPTION_STATUSES.filter((s) => !(TRIAL_SUBSCRIPTION_STATUSES as readonly string[]).includes(s));

/** The group of one rep, from the fields the recipients list sends (isActive is the server's, at the time it answered). */
export function recipientKind(r: {
  isActive: boolean;
  subscriptionStatus: string;
  freeTrialUsed: boolean;
  subscriptionExpiresAt: string | null;
}): RecipientKind {
  if (r.isActive) return (TRIAL_SUBSCRIPTION_STATUSES as readonly string[]).includes(r.subscriptionStatus) ? 'free-trial-active' : 'subscribed';
  if (!r.freeTrialUsed && !r.subscriptionExpiresAt) return 'free-trial-not-activated';
  return 'expired';
}
