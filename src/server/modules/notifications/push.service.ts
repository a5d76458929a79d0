import webpush from 'web-push';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import type { PushSubscriptionJson } from '../../../shared/schemas/notifications';
import type { PushBody } from '../../outbox/outbox';
import { PermanentDeliveryError } from '../../outbox/retry-schedule';
import { clearRepPushSubscription, findRepPushSubscription } from './notifications.repo';

// Web push (decision 011), signed with the app's VAPID keys (push.keys.ts, read once per app as `deps.keys.vapid()`).
// web-push encrypts and signs; the request itself goes out with fetch, and only to the push services
// PUSH_SERVICE_ORIGINS allows, since the endpoint URL comes from the browser (no request to any other host: SSRF).

type PushDeps = Pick<Deps, 'db' | 'config' | 'log' | 'keys'>;

function vapidSubject(deps: PushDeps): string {
  if (deps.config.VAPID_SUBJECT) return deps.config.VAPID_SUBJECT;
  if (deps.config.appUrl.startsWith('https://')) return deps.config.appUrl;
  const sender = /<([^>]+)>/.exec(deps.config.MAIL_FROM)?.[1] ?? deps.config.MAIL_FROM.trim();
  return `mailto:${sender}`;
}

/**
 * True when the endpoint is on one of the configured push services: scheme, host (`*.` for subdomains) and port. An
 * origin without a port allows only its scheme's standard one (443 for https), so `fcm.googleapis.com:8443` is not
 * FCM; `:*` allows any port (a test's stand-in on a random port).
 */
export function isAllowedPushEndpoint(origins: string, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return origins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .some((origin) => {
      const m = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+|\*))?\/?$/.exec(origin);
      if (!m || url.protocol !== `${m[1]}:`) return false;
      // url.port is '' for the scheme's standard port, whether written or not.
      if (m[4] !== '*' && url.port !== (m[4] === undefined || m[4] === (m[1] === 'https' ? '443' : '80') ? '' : m[4])) return false;
      const host = url.hostname.toLowerCase();
      const base = m[3]!.toLowerCase();
      return m[2] ? host.endsWith(`.${base}`) : host === base;
    });
}

/**
 * Delivers one queued push (the outbox's push channel, docs/decisions/028-outbox.md) to the rep's subscription as it
 * is now. 404 or 410 from the push service means the browser dropped the subscription: it is removed from the rep
 * (only if it is still the same one), and the message fails without retries, as it does when the rep has none.
 */
export async function deliverPush(deps: PushDeps, row: { body: unknown }): Promise<string> {
  const { repId, payload } = row.body as PushBody;
  const subscription = (await findRepPushSubscription(deps.db, repId)) as PushSubscriptionJson | null | undefined;
  if (!subscription) throw new PermanentDeliveryError('The rep has no push subscription');
  if (!isAllowedPushEndpoint(deps.config.PUSH_SERVICE_ORIGINS, subscription.endpoint)) {
    throw new PermanentDeliveryError('The push endpoint is not on an allowed push service');
  }
  const keys = await deps.keys.vapid();
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: { subject: vapidSubject(deps), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 12 * 3600,
    urgency: 'normal',
  });
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) {
    await withWrite(deps, (w) => clearRepPushSubscription(w, { repId, endpoint: subscription.endpoint }));
    deps.log.info({ repId, status: response.status }, 'push subscription gone; removed');
    throw new PermanentDeliveryError(`The push subscription is gone (${response.status})`);
  }
  if (!response.ok) throw new Error(`The push service answered ${response.status}`);
  return 'push';
}
