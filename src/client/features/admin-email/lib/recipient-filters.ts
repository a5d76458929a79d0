import { RECIPIENT_GROUPS, type RecipientGroup, type RecipientKind } from '../../../../shared/subscription/recipient-groups';

// spec part 2, 4: the e-mail dashboard's recipient filters and the badge each recipient shows. The groups and the
// rule that puts a rep in one are shared with the server, which filters (src/shared/subscription/recipient-groups.ts).

const LABELS: Record<RecipientGroup, string> = {
  all: /*i18n*/ 'All Registered',
  'free-trial-active': /*i18n*/ 'Free Trial Active',
  'free-trial-not-activated': /*i18n*/ 'Free Trial Not Activated',
  subscribed: /*i18n*/ 'Subscribed Users',
  expired: /*i18n*/ 'Expired/Inactive',
};
export const RECIPIENT_FILTERS = RECIPIENT_GROUPS.map((value) => ({ value, label: LABELS[value] }));

export const RECIPIENT_BADGE: Record<RecipientKind, { label: string; tone: 'info' | 'success' | 'neutral' | 'danger' }> = {
  'free-trial-active': { label: /*i18n*/ 'Free Trial', tone: 'info' },
  subscribed: { label: /*i18n*/ 'Subscribed', tone: 'success' },
  'free-trial-not-activated': { label: /*i18n*/ 'Not Activated', tone: 'neutral' },
  expired: { label: /*i18n*/ 'Expired', tone: 'danger' },
};
