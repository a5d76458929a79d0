import { TIMINGS } from '../../../../shared/constants';
import type { PendingAppointment, SyncResult } from '../../../lib/offline-queue';
import { toast } from '../../../lib/toast';
import { offlineBookingText, pendingBookingLabel, REFUSED_TITLE, SYNCED_TITLE, syncedText } from './offline-texts';

/** Shows a device notification when the rep allowed them; false when it could not. */
function notifyDevice(title: string, body: string): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    new Notification(title, { body, icon: '/icons/icon-192.png', tag: 'repvisit-sync' });
    return true;
  } catch {
    // Some mobile browsers allow notifications only from the service worker.
    return false;
  }
}

/** Asks once, while the rep is looking (a booking was just queued), whether the sync may notify the device. */
export function askNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/**
 * spec part 2, 4: after a sync that booked at least one, 'Appointments Synced' as a device notification (a toast
 * when notifications are not allowed). A booking the server refused is named with the server's reason; toasts
 * show one at a time, so that toast also carries the synced count when it could not go to the device.
 */
export function reportSync(result: SyncResult): void {
  const synced = result.synced.length;
  const notified = synced > 0 && notifyDevice(SYNCED_TITLE, syncedText(synced));
  if (result.refused.length > 0) {
    const reasons = result.refused.map((r) => `${pendingBookingLabel(r.item)}: ${r.message}`);
    if (synced > 0 && !notified) reasons.push(syncedText(synced));
    toast({ title: REFUSED_TITLE, description: reasons.join(' '), variant: 'destructive', duration: TIMINGS.registrationToastMs * 2 });
  } else if (synced > 0 && !notified) {
    toast({ title: SYNCED_TITLE, description: syncedText(synced), variant: 'success' });
  }
}

/** Tells the rep a booking made without a network waits on the device, and asks to notify when it is sent. */
export function announceQueuedBooking(pending: PendingAppointment): void {
  toast({ title: 'Saved Offline', description: offlineBookingText(pending), variant: 'info' });
  askNotificationPermission();
}
