import type { BookAppointment, BookAppointmentResponse } from '../../shared/schemas/booking';
import { ApiError, apiFetch, NetworkError } from './api';
import { getOfflineDb, logOfflineFailure, type PendingAppointment, type PendingBookingData } from './offline-db';

// spec part 2, 3, 4 and 7: bookings made without a network wait in pendingAppointments and are sent again
// (POST /api/book-appointment with the stored data) when the network returns. Each replay carries the pending
// id as its Idempotency-Key, so a replay the server already answered is answered the same way, never booked twice.

export type { PendingAppointment, PendingBookingData };

const changes = new EventTarget();
const emitChange = () => changes.dispatchEvent(new Event('change'));

/** Calls `listener` whenever this tab adds or removes a pending booking; returns the unsubscribe. */
export function onPendingChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

function randomPart(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newPendingId(now = Date.now()): string {
  return `appointment_${now}_${randomPart()}`;
}

/** Stores a booking for later; null when the device could not store it (logged). */
export async function queueBooking(data: PendingBookingData, now = Date.now()): Promise<PendingAppointment | null> {
  const item: PendingAppointment = { id: newPendingId(now), data, timestamp: now };
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

/** The waiting bookings, oldest first (only `repId`'s when given); an empty list when unreadable (spec part 2, 8). */
export async function listPendingBookings(repId?: number): Promise<PendingAppointment[]> {
  try {
    const db = await getOfflineDb();
    const all = await db.getAll('pendingAppointments');
    return all.filter((p) => repId === undefined || p.data.repId === repId).sort((a, b) => a.timestamp - b.timestamp);
  } catch (err) {
    logOfflineFailure('read pending appointments', err);
    return [];
  }
}

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

/** The wire payload: the stored booking fields, without the names kept for the rep's messages. */
export function bookingPayload(data: PendingBookingData): BookAppointment {
  return { doctorId: data.doctorId, clinicId: data.clinicId, repId: data.repId, appointmentDate: data.appointmentDate };
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

/** POST /api/book-appointment with the stored data and `Idempotency-Key: <pending id>`. */
export async function sendPendingBooking(item: PendingAppointment): Promise<SendResult> {
  try {
    await apiFetch<BookAppointmentResponse>('/api/book-appointment', {
      method: 'POST',
      body: bookingPayload(item.data),
      headers: { 'Idempotency-Key': item.id },
    });
    return { kind: 'booked' };
  } catch (err) {
    return classifySendError(err);
  }
}

export interface SyncResult {
  synced: PendingAppointment[];
  refused: { item: PendingAppointment; status: number; message: string }[];
  kept: PendingAppointment[];
}

let running: Promise<SyncResult> | null = null;

/** Runs `task` while holding the device-wide lock when the browser has one (other tabs wait, then find less). */
async function withDeviceLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  return locks.request('repvisit-offline-sync', () => task()) as Promise<T>;
}

async function runSync(repId: number, send: (item: PendingAppointment) => Promise<SendResult>): Promise<SyncResult> {
  const result: SyncResult = { synced: [], refused: [], kept: [] };
  for (const item of await listPendingBookings(repId)) {
    const outcome = await send(item);
    if (outcome.kind === 'booked') {
      await removePendingBooking(item.id);
      result.synced.push(item);
    } else if (outcome.kind === 'refused') {
      await removePendingBooking(item.id);
      result.refused.push({ item, status: outcome.status, message: outcome.message });
    } else {
      result.kept.push(item);
    }
  }
  return result;
}

/**
 * Sends `repId`'s waiting bookings one by one, oldest first. Never runs twice at once: a call while a sync runs
 * in this tab gets that sync's result, and tabs take turns through navigator.locks.
 */
export function syncPendingBookings(repId: number, send: (item: PendingAppointment) => Promise<SendResult> = sendPendingBooking): Promise<SyncResult> {
  running ??= withDeviceLock(() => runSync(repId, send)).finally(() => {
    running = null;
  });
  return running;
}

export type QueuedBooking = { queued: true; pending: PendingAppointment };

/**
 * Books through `book` when there is a network; without one (the browser says offline, or the call never reached
 * the server) the booking waits in the queue instead. Refusals by the server are thrown as they are.
 */
export async function bookOrQueue<T>(input: PendingBookingData, book: (payload: BookAppointment) => Promise<T>): Promise<T | QueuedBooking> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    try {
      return await book(bookingPayload(input));
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const pending = await queueBooking(input);
  if (!pending) throw new Error('Failed to book appointment');
  return { queued: true, pending };
}

export const isQueuedBooking = (x: unknown): x is QueuedBooking => typeof x === 'object' && x !== null && (x as QueuedBooking).queued === true;
