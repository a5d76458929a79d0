import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { badRequest, unauthorized } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import type { PushSubscriptionJson, RepNotificationPreferences, RepNotificationPreferencesResponse } from '../../../shared/schemas/notifications';
import { applyWhatsAppChange, prepareWhatsAppChange, whatsappStatusOf } from '../whatsapp/whatsapp-consent.service';
import { isAllowedPushEndpoint } from './push.service';
import { clearRepPushSubscription, findRepPreferences, setRepPushSubscription, updateRepSwitches, type RepPreferencesRow } from './notifications.repo';

// The rep's reminder opt-outs, web-push subscription and WhatsApp switch; mirrors /api/clinic/preferences.

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const view = (config: ServiceDeps['config'], r: RepPreferencesRow): RepNotificationPreferencesResponse => ({
  emailNotifications: r.emailNotifications,
  pushNotifications: r.pushNotifications,
  renewalReminders: r.renewalReminders,
  pushSubscribed: r.pushSubscription != null,
  // WhatsApp (docs/decisions/044): on when a number is kept; the number in display form.
  ...whatsappStatusOf(config, r.whatsappNumber),
});

export async function getRepNotificationPreferences(deps: ServiceDeps, o: { actor: Actor }): Promise<RepNotificationPreferencesResponse> {
  const row = await findRepPreferences(deps.db, o.actor.id);
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
  const row = await withWrite(deps, async (w) => {
    if (whatsapp) await applyWhatsAppChange(deps, w, whatsapp);
    return updateRepSwitches(w, { repId: o.actor.id, emailNotifications, pushNotifications, renewalReminders, now: deps.clock.now() });
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
  const row = await withWrite(deps, (w) => setRepPushSubscription(w, { repId: o.actor.id, subscription: o.subscription, now: deps.clock.now() }));
  if (!row) throw unauthorized();
  return view(deps.config, row);
}

/** Forgets the rep's subscription; with `endpoint`, only if it is that one (a device signing out forgets only its own). */
export async function removeRepPushSubscription(deps: ServiceDeps, o: { actor: Actor; endpoint?: string }): Promise<RepNotificationPreferencesResponse> {
  await withWrite(deps, (w) => clearRepPushSubscription(w, { repId: o.actor.id, endpoint: o.endpoint, now: deps.clock.now() }));
  return getRepNotificationPreferences(deps, o);
}
