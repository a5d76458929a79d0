import { Badge } from '../../../components/ui/badge';
import { subscriptionStatusLabel } from '../../../../shared/subscription/subscription-status';

/** User status: active, inactive or pending (spec part 2, 4). */
export function UserStatusBadge({ status }: { status: string }) {
  const tone = status === 'active' ? 'success' : status === 'pending' ? 'warning' : 'danger';
  return <Badge tone={tone}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

/** A rep's subscription with the panel's wording (Active, Free Trial, Pending, Expired, Refunded, Inactive). */
export function SubscriptionBadge({ status }: { status: string | null }) {
  const label = subscriptionStatusLabel(status);
  const tone = label === 'Active' ? 'success' : label === 'Free Trial' ? 'info' : label === 'Pending' ? 'warning' : label === 'Expired' ? 'danger' : 'neutral';
  return <Badge tone={tone}>{label}</Badge>;
}
