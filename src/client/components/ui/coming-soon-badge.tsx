import { Badge } from './badge';
import { useI18n } from '../../lib/i18n';

export function ComingSoonBadge() {
  const { i18n } = useI18n();
  return (
    <Badge tone="neutral" className="shrink-0 whitespace-nowrap">
      {i18n._('Coming Soon')}
    </Badge>
  );
}
