// spec part 2, 4: one rule for "the subscription is active", used by the server (booking) and the
// screens (panel, booking form).

export const SUBSCRIPTION_STATUSES = [
  'active',
  'authenticated',
  'free_trial',
  'trial',
  'paid',
  'created',
  'pending',
  'inactive',
  'expired',
  'refunded',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The statuses under which a subscription is active while its expiry is in the future. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'authenticated', 'free_trial', 'trial', 'paid'] as const;
const ACTIVE_KINDS = new Set<string>(ACTIVE_SUBSCRIPTION_STATUSES);

/** Active when the status is one of the active kinds and the expiry is in the future. */
export function isSubscriptionActive(opts: { status: string | null | undefined; expiresAt: Date | string | null | undefined; now: Date }): boolean {
  if (!opts.status || !ACTIVE_KINDS.has(opts.status) || !opts.expiresAt) return false;
  const expires = typeof opts.expiresAt === 'string' ? Date.parse(opts.expiresAt) : opts.expiresAt.getTime();
  return Number.isFinite(expires) && expires > opts.now.getTime();
}

/** The label the panel shows: created and pending as Pending; active and authenticated as Active. */
export function subscriptionStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'created':
    case 'pending':
      return /*i18n*/ 'Pending';
    case 'active':
    case 'authenticated':
    case 'paid':
      return /*i18n*/ 'Active';
    case 'free_trial':
    case 'trial':
      return /*i18n*/ 'Free Trial';
    case 'expired':
      return /*i18n*/ 'Expired';
    // A full refund ended the paid period (docs/decisions/032).
    case 'refunded':
      return /*i18n*/ 'Refunded';
    default:
      return /*i18n*/ 'Inactive';
  }
}

/**
 * The status to report: an active kind whose expiry has passed reads as 'expired', so the panel
 * and the admin lists never call a lapsed subscription Active.
 */
export function effectiveSubscriptionStatus(opts: { status: string | null | undefined; expiresAt: Date | string | null | undefined; now: Date }): string {
  const status = opts.status || 'inactive';
  if (ACTIVE_KINDS.has(status) && !isSubscriptionActive(opts)) return 'expired';
  return status;
}

/** spec part 2, 9: the free-access offer is shown only up to and including its end date (IST calendar day). */
export function isFreeAccessPromoRunning(opts: { promoUntil: string; today: string }): boolean {
  return opts.today <= opts.promoUntil;
}

export const SUBSCRIPTION_REQUIRED_MESSAGE = /*i18n*/ 'An active subscription is required to book appointments.';
