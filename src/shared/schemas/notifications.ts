import { z } from 'zod';
import { whatsappPreferenceInputSchema, whatsappPreferenceStatusSchema } from './whatsapp';

// The rep's reminder opt-outs, web-push subscription, private calendar feed and the jobs the admin
// sees. Wire contracts shared by the server and the Settings tab.

export const repNotificationPreferencesSchema = z.object({
  emailNotifications: z.boolean({ error: /*i18n*/ 'Email notifications must be true or false.' }),
  pushNotifications: z.boolean({ error: /*i18n*/ 'Push notifications must be true or false.' }),
  renewalReminders: z.boolean({ error: /*i18n*/ 'Renewal reminders must be true or false.' }),
  // WhatsApp (docs/decisions/044): optional, absent leaves it as it is; see whatsappPreferenceInputSchema.
  ...whatsappPreferenceInputSchema.shape,
});
export type RepNotificationPreferences = z.infer<typeof repNotificationPreferencesSchema>;

/**
 * What GET/PUT /api/medrep/notification-preferences answer: the choices, whether a device is subscribed, and
 * WhatsApp's state (whatsappNotifications, whatsappNumber in display form or null, whatsappAvailable).
 */
export const repNotificationPreferencesResponseSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  renewalReminders: z.boolean(),
  pushSubscribed: z.boolean(),
  ...whatsappPreferenceStatusSchema.shape,
});
export type RepNotificationPreferencesResponse = z.infer<typeof repNotificationPreferencesResponseSchema>;

const INVALID_SUBSCRIPTION = /*i18n*/ 'Invalid push subscription.';

/** A browser PushSubscription as PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z.url({ error: INVALID_SUBSCRIPTION }).max(1000, INVALID_SUBSCRIPTION),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/, INVALID_SUBSCRIPTION),
        auth: z.string().regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, INVALID_SUBSCRIPTION),
      },
      { error: INVALID_SUBSCRIPTION },
    ),
  },
  { error: INVALID_SUBSCRIPTION },
);
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const savePushSubscriptionSchema = z.object({ subscription: pushSubscriptionSchema });

/** DELETE /api/medrep/push-subscription: without a body forgets the rep's subscription, with one only that device's. */
export const removePushSubscriptionSchema = z.object({ endpoint: z.string().max(1000).optional() });

/** GET /api/push/vapid-public-key */
export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponseSchema>;

export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/medrep/calendar-feed: the secret URL, shown once. */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

// The jobs' answers are defined by their schemas in ./jobs; these names stay for the files that still import
// them from here (the admin's jobs card).
export type { JobRunView, JobView, JobsResponse, RetentionResponse } from './jobs';
