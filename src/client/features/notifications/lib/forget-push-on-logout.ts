import { apiFetch } from '../../../lib/api';
import { pushSupport } from './browser-push';

/**
 * Signing out of a shared device must stop that device's visit reminders: the browser's
 * subscription is dropped and the server forgets it if it is still the one it keeps. Never blocks logout.
 */
export function forgetPushOnLogout(): Promise<void> {
  // Offline, unsubscribing can hang: logout waits 3 s at most.
  return Promise.race([forget(), new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

async function forget(): Promise<void> {
  try {
    if (pushSupport() === 'unsupported') return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await apiFetch('/api/medrep/push-subscription', { method: 'DELETE', body: { endpoint } });
  } catch {
    /* a clinic session (401), offline, or no service worker: nothing more to do */
  }
}
