import type { DeliveryStatus, MessageChannel } from '../../../../shared/schemas/whatsapp';

// Marked for translation, translated where shown (decision 045).
// The Messages history's words for the outbox's channels and WhatsApp's delivery reports (docs/decisions/044-whatsapp.md).

export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: /*i18n*/ 'E-mail', whatsapp: 'WhatsApp', push: /*i18n*/ 'Push' };

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  sent: /*i18n*/ 'Sent',
  delivered: /*i18n*/ 'Delivered',
  read: /*i18n*/ 'Read',
  failed: /*i18n*/ 'Failed',
};
