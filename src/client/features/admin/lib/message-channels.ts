import type { DeliveryStatus, MessageChannel } from '../../../../shared/schemas/whatsapp';

// The Messages history's words for the outbox's channels and WhatsApp's delivery reports (docs/decisions/044-whatsapp.md).

export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', whatsapp: 'WhatsApp', push: 'Push' };

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' };
