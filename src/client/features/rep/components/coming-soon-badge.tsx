import { Badge } from '../../../components/ui/badge';

export function ComingSoonBadge() {
  return (
    <Badge tone="neutral" className="shrink-0 whitespace-nowrap">
      Coming Soon
    </Badge>
  );
}
