import { Badge } from '../../../components/ui/badge';

export function ComingSoonBadge() {
  return <Badge tone="neutral">Coming Soon</Badge>;
}
