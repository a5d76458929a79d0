import { ApiError, NetworkError } from './api';
import { emitPendingChange as emitChange, getOfflineDb, logOfflineFailure, type PendingItem } from './offline-db';

// The device queue's common parts (spec part 2, 3, 4 and 7; decisions 010, 033 and 041): what waits in
// pendingAppointments (bookings, cancellations, check-ins), how an item is named, stored, listed and removed, and
// how a failed replay is judged. lib/offline-queue.ts (bookings, cancellations, the sync) and
// lib/offline-check-in.ts build on it.

function randomPart(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Items are sent in the order they were made (decision 033); two made within one millisecond would otherwise tie and
// come back in the random order of their ids, so this tab's items get strictly increasing times.
let lastQueuedAt = 0;
export function queueTime(now: number): number {
  lastQueuedAt = Math.max(now, lastQueuedAt + 1);
  return lastQueuedAt;
}

export function newPendingId(now = Date.now()): string {
  return `appointment_${now}_${randomPart()}`;
}

/** Writes a waiting item and tells the listeners; null when the device could not store it (logged). */
export async function storePendingItem<T extends PendingItem>(item: T): Promise<T | null> {
  try {
    const db = await getOfflineDb();
    await db.put('pendingAppointments', item);
    emitChange();
    return item;
  } catch (err) {
    logOfflineFailure('store pending appointment', err);
    return null;
  }
}

/** Everything waiting (bookings, cancellations, check-ins), oldest first (only `repId`'s when given); empty when unreadable (spec part 2, 8). */
export async function listPendingItems(repId?: number): Promise<PendingItem[]> {
  try {
    const db = await getOfflineDb();
    const all = await db.getAll('pendingAppointments');
    return all.filter((p) => repId === undefined || p.data.repId === repId).sort((a, b) => a.timestamp - b.timestamp);
  } catch (err) {
    logOfflineFailure('read pending appointments', err);
    return [];
  }
}

/** Removes a waiting item. */
export async function removePendingBooking(id: string): Promise<void> {
  try {
    const db = await getOfflineDb();
    await db.delete('pendingAppointments', id);
    emitChange();
  } catch (err) {
    logOfflineFailure('remove pending appointment', err);
  }
}

/** Logout: nothing of this rep waits on the device for the next person. */
export async function clearPendingBookings(): Promise<void> {
  try {
    const db = await getOfflineDb();
    await db.clear('pendingAppointments');
    emitChange();
  } catch (err) {
    logOfflineFailure('clear pending appointments', err);
  }
}

export type SendResult = { kind: 'booked' } | { kind: 'refused'; status: number; message: string } | { kind: 'retry' };

/**
 * An ok answer books; a refusal by the server's rules or checks (400, 402, 404, 409, 422, ...) will not change by
 * sending again, so it leaves the queue. No network, a 5xx, a lost session (401), a 403 (another account signed
 * in) or a rate limit (408/429) may pass later: kept.
 */
export function classifySendError(err: unknown): SendResult {
  if (err instanceof ApiError) {
    if (err.status >= 500 || [401, 403, 408, 429].includes(err.status)) return { kind: 'retry' };
    return { kind: 'refused', status: err.status, message: err.message };
  }
  if (err instanceof NetworkError) return { kind: 'retry' };
  return { kind: 'retry' };
}

/** The browser says there is no network (then a call is not even tried: it waits in the queue). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
