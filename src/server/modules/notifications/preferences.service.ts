import { and, eq, sql } from 'drizzle-orm';
import { medicalReps } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, unauthorized } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import type { PushSubscriptionJson, RepNotificationPreferences, RepNotificationPreferencesResponse } from '../../../shared/schemas/notifications';
import { applyWhatsAppChange, prepareWhatsAppChange, whatsappStatusOf } from '../whatsapp/whatsapp-consent.service';
import { isAllowedPushEndpoint } from './push.service';

// The rep's reminder opt-outs, web-push subscription and WhatsApp switch; mirrors /api/clinic/preferences.

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const prefsColumns = {
  emailNotifications: medicalReps.emailNotifications,
  pushNotifications: medicalReps.pushNotifications,
  renewalReminders: medicalReps.renewalReminders,
  pushSubscription: medicalReps.pushSubscription,
  whatsappNumber: medicalReps.whatsappNumber,
};

type PrefsRow = Pick<RepNotificationPreferences, 'emailNotifications' | 'pushNotifications' | 'renewalReminders'> & {
  pushSubscription: unknown;
  whatsappNumber: string | null;
};
const view = (config: ServiceDeps['config'], r: PrefsRow): RepNotificationPreferencesResponse => ({
  emailNotifications: r.emailNotifications,
  pushNotifications: r.pushNotifications,
  renewalReminders: r.renewalReminders,
  pushSubscribed: r.pushSubscription != null,
  // WhatsApp (docs/decisions/044): on when a number is kept; the number in display form.
  ...whatsappStatusOf(config, r.whatsappNumber),
});

export async function getRepNotificationPreferences(deps: ServiceDeps, o: { actor: Actor }): Promise<RepNotificationPreferencesResponse> {
  const [row] = await deps.db.select(prefsColumns).from(medicalReps).where(eq(medicalReps.id, o.actor.id)).limit(1);
  if (!row) throw unauthorized();
  return view(deps.config, row);
}

/**
 * Saves the switches; the WhatsApp fields, when sent, turn WhatsApp on (recording the consent) or off in the same
 * transaction (whatsapp-consent.service.ts decides and records).
 */
export async function saveRepNotificationPreferences(
  deps: ServiceDeps,
  o: { actor: Actor; input: RepNotificationPreferences },
): Promise<RepNotificationPreferencesResponse> {
  const { emailNotifications, pushNotifications, renewalReminders } = o.input;
  const whatsapp = await prepareWhatsAppChange(deps, { accountType: 'rep', accountId: o.actor.id, input: o.input });
  const row = await deps.db.transaction(async (tx) => {
    if (whatsapp) await applyWhatsAppChange(deps, tx, whatsapp);
    const [saved] = await tx
      .update(medicalReps)
      .set({ emailNotifications, pushNotifications, renewalReminders, updatedAt: deps.clock.now() })
      .where(eq(medicalReps.id, o.actor.id))
      .returning(prefsColumns);
    return saved;
  });
  if (!row) throw unauthorized();
  return view(deps.config, row);
}

export const PUSH_SERVICE_NOT_ALLOWED = /*i18n*/ 'This browser uses a push service we cannot send to.';

/** Stores this device's subscription (one per rep: the latest device wins) and turns push reminders on. */
export async function saveRepPushSubscription(
  deps: ServiceDeps,
  o: { actor: Actor; subscription: PushSubscriptionJson },
): Promise<RepNotificationPreferencesResponse> {
  if (!isAllowedPushEndpoint(deps.config.PUSH_SERVICE_ORIGINS, o.subscription.endpoint)) throw badRequest(PUSH_SERVICE_NOT_ALLOWED, 'push_service_not_allowed');
  const { endpoint, keys } = o.subscription;
  const [row] = await deps.db
    .update(medicalReps)
    .set({ pushSubscription: { endpoint, keys }, pushNotifications: true, updatedAt: deps.clock.now() })
    .where(eq(medicalReps.id, o.actor.id))
    .returning(prefsColumns);
  if (!row) throw unauthorized();
  return view(deps.config, row);
}

/** Forgets the rep's subscription; with `endpoint`, only if it is that one (a device signing out forgets only its own). */
export async function removeRepPushSubscription(deps: ServiceDeps, o: { actor: Actor; endpoint?: string }): Promise<RepNotificationPreferencesResponse> {
  const mine = eq(medicalReps.id, o.actor.id);
  await deps.db
    .update(medicalReps)
    .set({ pushSubscription: null, updatedAt: deps.clock.now() })
    .where(o.endpoint ? and(mine, sql`${medicalReps.pushSubscription}->>'endpoint' = ${o.endpoint}`) : mine);
  return getRepNotificationPreferences(deps, o);
}
