import { RECIPIENT_GROUPS, type RecipientGroup, type RecipientKind } from '../../../../shared/subscription/recipient-groups';

// spec part 2, 4: the e-mail dashboard's recipient filters and the badge each recipient shows. The groups and the
// rule that puts a rep in one are shared with the server, which filters (src/shared/subscription/recipient-groups.ts).

const LABELS: Record<RecipientGroup, string> = {
  all: 'All Registered',
  'free-trial-active': 'Free Trial Active',
  'free-trial-not-activated': 'Free Trial Not Activated',
  subscribed: 'Subscribed Users',
  expired: 'Expired/Inactive',
};
export const RECIPIENT_FILTERS = RECIPIENT_GROUPS.map((value) => ({ value, label: LABELS[value] }));

export const RECIPIENT_BADGE: Record<RecipientKind, { label: string; tone: 'info' | 'success' | 'neutral' | 'danger' }> = {
  'free-trial-active': { label: 'Free Trial', tone: 'info' },
  subscribed: { label: 'Subscribed', tone: 'success' },
  'free-trial-not-activated': { label: 'Not Activated', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'danger' },
};
