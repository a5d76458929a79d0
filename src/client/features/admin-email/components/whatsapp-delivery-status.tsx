import { Badge } from '../../../components/ui/badge';
import type { DeliveryStatus } from '../../../../shared/schemas/whatsapp';
import { DELIVERY_LABELS } from '../lib/message-channels';
import { displayDateTime } from '../../admin-shared/lib/admin-format';
import { useI18n } from '../../../lib/i18n';

const TONES = { sent: 'info', delivered: 'success', read: 'success', failed: 'danger' } as const;

/**
 * What WhatsApp reported of a message after the outbox handed it over (docs/decisions/044-whatsapp.md): the outbox's
 * 'sent' only means WhatsApp took it; delivered to the phone, read, or failed after all come later by webhook.
 */
export function WhatsAppDeliveryStatus({ status, at }: { status: DeliveryStatus | null; at: string | null }) {
  const { i18n } = useI18n();
  if (!status) return <span className="text-xs text-slate-600 dark:text-slate-300">{i18n._('No delivery report yet')}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
      {i18n._('Delivery')}
      <Badge tone={TONES[status]}>{i18n._(DELIVERY_LABELS[status])}</Badge>
      {at && (
        <time dateTime={at} className="whitespace-nowrap">
          {displayDateTime(at)}
        </time>
      )}
    </span>
  );
}
