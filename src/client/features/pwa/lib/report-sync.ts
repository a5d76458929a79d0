import { TIMINGS } from '../../../../shared/constants';
import type { PendingAppointment, PendingCancellation, PendingCheckIn, SyncResult } from '../../../lib/offline-queue';
import { i18n } from '../../../lib/i18n';
import { toast, toastEach } from '../../../lib/toast';
import {
  CANCEL_QUEUED_TITLE,
  CANCEL_REFUSED_TITLE,
  CANCEL_SENT_TITLE,
  CHECK_IN_QUEUED_TITLE,
  CHECK_IN_REFUSED_TITLE,
  CHECK_IN_SENT_TITLE,
  cancelQueuedText,
  cancelSentText,
  checkInQueuedText,
  checkInSentText,
  offlineBookingText,
  pendingBookingLabel,
  pendingCancellationLabel,
  pendingCheckInLabel,
  REFUSED_TITLE,
  SYNCED_TITLE,
  syncedText,
} from './offline-texts';

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
 * when notifications are not allowed). Each other outcome gets its own toast, shown one after another (one toast
 * at a time; the first replaces whatever is on screen): the bookings the server refused, named with its reason; the
 * cancellations sent; the cancellations refused (decision 033); the check-ins sent and refused (docs/decisions/041).
 * A toast never mixes what was done with what was refused.
 */
export function reportSync(result: SyncResult): void {
  const toasts: Parameters<typeof toastEach>[0] = [];
  const synced = result.synced.length;
  if (synced > 0 && !notifyDevice(i18n._(SYNCED_TITLE), syncedText(synced))) {
    toasts.push({ title: i18n._(SYNCED_TITLE), description: syncedText(synced), variant: 'success' });
  }
  if (result.refused.length > 0) {
    const reasons = result.refused.map((r) => `${pendingBookingLabel(r.item)}: ${r.message}`);
    toasts.push({ title: i18n._(REFUSED_TITLE), description: reasons.join(' '), variant: 'destructive', duration: TIMINGS.registrationToastMs * 2 });
  }
  if (result.cancelled.length > 0) {
    const visits = result.cancelled.map(cancelSentText);
    toasts.push({ title: i18n._(CANCEL_SENT_TITLE), description: visits.join(' '), variant: 'success' });
  }
  if (result.cancelRefused.length > 0) {
    const reasons = result.cancelRefused.map((r) => `${pendingCancellationLabel(r.item)}: ${r.message}`);
    toasts.push({ title: i18n._(CANCEL_REFUSED_TITLE), description: reasons.join(' '), variant: 'destructive', duration: TIMINGS.registrationToastMs * 2 });
  }
  if (result.checkedIn.length > 0) {
    toasts.push({ title: i18n._(CHECK_IN_SENT_TITLE), description: result.checkedIn.map(checkInSentText).join(' '), variant: 'success' });
  }
  if (result.checkInRefused.length > 0) {
    const reasons = result.checkInRefused.map((r) => `${pendingCheckInLabel(r.item)}: ${r.message}`);
    toasts.push({ title: i18n._(CHECK_IN_REFUSED_TITLE), description: reasons.join(' '), variant: 'destructive', duration: TIMINGS.registrationToastMs * 2 });
  }
  toastEach(toasts);
}

/** Tells the rep a booking made without a network waits on the device, and asks to notify when it is sent. */
export function announceQueuedBooking(pending: PendingAppointment): void {
  toast({ title: i18n._('Saved Offline'), description: offlineBookingText(pending), variant: 'info' });
  askNotificationPermission();
}

/** Tells the rep a cancellation made without a network waits on the device, and can be undone until it is sent. */
export function announceQueuedCancellation(pending: PendingCancellation): void {
  toast({ title: i18n._(CANCEL_QUEUED_TITLE), description: cancelQueuedText(pending), variant: 'info' });
}

/** Tells the rep a check-in typed without a network waits on the device, and counts from when the code was typed. */
export function announceQueuedCheckIn(pending: PendingCheckIn): void {
  toast({ title: i18n._(CHECK_IN_QUEUED_TITLE), description: checkInQueuedText(pending), variant: 'info' });
}
