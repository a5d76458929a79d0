import { z } from 'zod';
import { WHATSAPP_CODE_LENGTH } from '../whatsapp';

// WhatsApp wire contracts (docs/decisions/044-whatsapp.md): the opt-in fields the rep's and the clinic's
// preferences share, the number code, and the channels and delivery statuses of the admin's Messages history.

/**
 * What the preferences PUTs (rep: /api/medrep/notification-preferences, clinic: /api/clinic/preferences) take
 * besides their own fields. All optional: absent `whatsappNotifications` leaves WhatsApp as it is.
 * - `{ whatsappNotifications: true }`: on, for the number already confirmed, else the account's own phone.
 * - `{ whatsappNotifications: true, whatsappNumber }`: on for that number; the number already on needs nothing
 *   more, any other (the account's own phone too, docs/decisions/048) needs `whatsappCode` from
 *   POST /api/whatsapp/number-code.
 * - `{ whatsappNotifications: false }`: off (the number is forgotten).
 */
export const whatsappPreferenceInputSchema = z.object({
  whatsappNotifications: z.boolean({ error: /*i18n*/ 'WhatsApp notifications must be true or false.' }).optional(),
  whatsappNumber: z.string({ error: /*i18n*/ 'Please enter a valid mobile number.' }).trim().max(25, /*i18n*/ 'Please enter a valid mobile number.').optional(),
  whatsappCode: z
    .string({ error: /*i18n*/ 'Please enter the 6-digit code.' })
    .trim()
    .regex(new RegExp(`^\\d{${WHATSAPP_CODE_LENGTH}}$`), /*i18n*/ 'Please enter the 6-digit code.')
    .optional(),
});
export type WhatsAppPreferenceInput = z.infer<typeof whatsappPreferenceInputSchema>;

/**
 * What both preferences GETs and PUTs answer about WhatsApp. `whatsappNumber`: the number messages go to in
 * display form (+91 98765 43210), null when WhatsApp is off. `whatsappAvailable`: false when the server has no
 * WhatsApp configured (then the switch cannot be turned on: 409 whatsapp_off).
 */
export const whatsappPreferenceStatusSchema = z.object({
  whatsappNotifications: z.boolean(),
  whatsappNumber: z.string().nullable(),
  whatsappAvailable: z.boolean(),
});
export type WhatsAppPreferenceStatus = z.infer<typeof whatsappPreferenceStatusSchema>;

/** POST /api/whatsapp/number-code (a signed-in rep or clinic): sends a 6-digit code to this number on WhatsApp. */
export const whatsappNumberCodeSchema = z.object({
  phone: z
    .string({ error: /*i18n*/ 'Please enter a valid mobile number.' })
    .trim()
    .min(8, /*i18n*/ 'Please enter a valid mobile number.')
    .max(25, /*i18n*/ 'Please enter a valid mobile number.'),
});
export type WhatsAppNumberCode = z.infer<typeof whatsappNumberCodeSchema>;

/** Its answer: `whatsappNumber` the number the code went to (display form), `expiresInMinutes` the code's life. */
export const whatsappNumberCodeResponseSchema = z.object({ message: z.string(), whatsappNumber: z.string(), expiresInMinutes: z.number() });
export type WhatsAppNumberCodeResponse = z.infer<typeof whatsappNumberCodeResponseSchema>;

// --- the admin's Messages history -------------------------------------------------------------------------

/** The outbox's channels (docs/decisions/028-outbox.md, 044). */
export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'push'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

/** What WhatsApp reported after the hand-over (webhook statuses); only ever moves forward: sent, delivered, read; or failed. */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** `?channel=` of the history list: one channel, or `all` (the default). */
export const messageChannelFilterSchema = z
  .enum(['all', ...MESSAGE_CHANNELS], { error: /*i18n*/ 'Channel must be all, email, whatsapp or push' })
  .default('all');

/** One channel's counts in the history's summary (GET /api/admin/email-stats, `byChannel`). */
export const channelStatsSchema = z.object({
  /** Every row of the channel; `sent` handed over, `failed` not delivered, `queued` queued or sending, `retrying` waiting to retry. */
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  queued: z.number(),
  retrying: z.number(),
  replaced: z.number(),
  last_24h: z.number(),
  /** WhatsApp's own reports (0 on other channels): delivered to the phone, read, or failed after the hand-over. */
  delivered: z.number(),
  read: z.number(),
  delivery_failed: z.number(),
});
export type ChannelStats = z.infer<typeof channelStatsSchema>;

/** POST /api/whatsapp/webhook's 200 (Meta reads only the status): how many statuses changed a message, how many accounts a STOP ended. */
export const whatsappWebhookAnswerSchema = z.object({ received: z.literal(true), statuses: z.number(), stopped: z.number() });
export type WhatsAppWebhookAnswer = z.infer<typeof whatsappWebhookAnswerSchema>;
