import { Badge } from '../../../components/ui/badge';
import { subscriptionStatusLabel } from '../../../../shared/subscription/subscription-status';
import { useI18n } from '../../../lib/i18n';

const USER_STATUS_LABELS: Record<string, string> = { active: /*i18n*/ 'Active', inactive: /*i18n*/ 'Inactive', pending: /*i18n*/ 'Pending' };

// The panel's subscription labels (src/shared/subscription/subscription-status.ts), marked for translation here.
const SUBSCRIPTION_LABELS: Record<string, string> = {
  Active: /*i18n*/ 'Active',
  'Free Trial': /*i18n*/ 'Free Trial',
  Pending: /*i18n*/ 'Pending',
  Expired: /*i18n*/ 'Expired',
  Refunded: /*i18n*/ 'Refunded',
  Inactive: /*i18n*/ 'Inactive',
};

/** User status: active, inactive or pending (spec part 2, 4). */
export function UserStatusBadge({ status }: { status: string }) {
  const { i18n } = useI18n();
  const tone = status === 'active' ? 'success' : status === 'pending' ? 'warning' : 'danger';
  const label = USER_STATUS_LABELS[status];
  return <Badge tone={tone}>{label ? i18n._(label) : status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

/** A rep's subscription with the panel's wording (Active, Free Trial, Pending, Expired, Refunded, Inactive). */
export function SubscriptionBadge({ status }: { status: string | null }) {
  const { i18n } = useI18n();
  const label = subscriptionStatusLabel(status);
  const tone = label === 'Active' ? 'success' : label === 'Free Trial' ? 'info' : label === 'Pending' ? 'warning' : label === 'Expired' ? 'danger' : 'neutral';
  return <Badge tone={tone}>{i18n._(SUBSCRIPTION_LABELS[label] ?? label)}</Badge>;
}
