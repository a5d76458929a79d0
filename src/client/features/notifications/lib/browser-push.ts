// Web push in the browser (visit reminders, decision 011): the service worker (vite-plugin-pwa, with public/push-sw.js imported
// into it) receives the pushes. Where there is no service worker, Notification API or PushManager (some
// browsers, private windows, iOS outside an installed app), push is unavailable and the screen says so.

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

export class PushUnavailableError extends Error {}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  // A page without a registered service worker would wait forever on `ready`.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration)
    throw new PushUnavailableError(/*i18n*/ 'Notifications need the installed app or a browser with offline support; they are unavailable here.');
  return navigator.serviceWorker.ready;
}

/** Asks for permission and subscribes this browser; answers the subscription as JSON for the server. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  if (pushSupport() === 'unsupported') throw new PushUnavailableError(/*i18n*/ 'This browser cannot show app notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushUnavailableError(/*i18n*/ 'Notifications are blocked for this site. Allow them in your browser settings to turn this on.');
  const registration = await readyRegistration();
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  return subscription.toJSON();
}

/** Drops this browser's subscription, if any (the server forgets it separately). */
export async function unsubscribeThisDevice(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => undefined);
}
