import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { announceOfflineStorageOpened } from './offline-storage';
import type { BookAppointment, RepAppointment } from '../../shared/schemas/booking';

// spec part 2, 3 and 9: the device database is named after the product plus 'DB', version 1, with the stores
// pendingAppointments {id, data, timestamp} and cachedData {key, data, expiry, timestamp}.
export const OFFLINE_DB_NAME = 'RepVisitDB';
export const OFFLINE_DB_VERSION = 1;

/** A booking made without a network: the payload, plus the names the rep is told about if it is refused. */
export interface PendingBookingData extends BookAppointment {
  doctorName?: string;
  clinicName?: string;
  specialty?: string;
}

export interface PendingAppointment {
  /** 'appointment_' + time + random; also the Idempotency-Key of every replay. */
  id: string;
  data: PendingBookingData;
  /** ms since the epoch when it was queued */
  timestamp: number;
}

/**
 * A cancellation made without a network (decision 033). It waits in the same store as the bookings (the device
 * database stays version 1 with the spec's two stores), told apart by `kind`, and keeps the whole appointment so
 * My Appointments can show it, and the rep be told about it, without the network.
 */
export interface PendingCancellationData {
  kind: 'cancel';
  repId: number;
  appointment: RepAppointment;
}

export interface PendingCancellation {
  id: string;
  data: PendingCancellationData;
  timestamp: number;
}

/**
 * A check-in whose code was typed without a network (docs/decisions/041): sent on reconnect with the instant it was
 * typed, and accepted if the code was valid then, on the visit's date. Kept in the same store, told apart by `kind`,
 * with the whole appointment so the card and the messages need no network.
 */
export interface PendingCheckInData {
  kind: 'check-in';
  repId: number;
  appointmentId: number;
  code: string;
  /** ISO instant the code was typed */
  typedAt: string;
  appointment: RepAppointment;
}

export interface PendingCheckIn {
  id: string;
  data: PendingCheckInData;
  timestamp: number;
}

/** Whatever waits on the device to be sent: a booking, a cancellation or a check-in. */
export type PendingItem = PendingAppointment | PendingCancellation | PendingCheckIn;

const kindOf = (item: PendingItem) => (item.data as { kind?: string }).kind;
export const isPendingCancellation = (item: PendingItem): item is PendingCancellation => kindOf(item) === 'cancel';
export const isPendingCheckIn = (item: PendingItem): item is PendingCheckIn => kindOf(item) === 'check-in';
/** A booking is the item without a `kind` (the spec's original shape, part 2, 3). */
export const isPendingBooking = (item: PendingItem): item is PendingAppointment => kindOf(item) === undefined;

export interface CacheEntry<T = unknown> {
  key: string;
  data: T;
  /** ms since the epoch after which the entry is not used */
  expiry: number;
  timestamp: number;
}

interface RepVisitSchema extends DBSchema {
  pendingAppointments: { key: string; value: PendingItem };
  cachedData: { key: string; value: CacheEntry };
}

export type OfflineDb = IDBPDatabase<RepVisitSchema>;

let opening: Promise<OfflineDb> | null = null;

/** Opens (once) the device database; rejects when IndexedDB is missing or refuses (private mode, quota). */
export function getOfflineDb(): Promise<OfflineDb> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('offline database not initialised'));
  opening ??= openDB<RepVisitSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('pendingAppointments')) db.createObjectStore('pendingAppointments', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('cachedData')) db.createObjectStore('cachedData', { keyPath: 'key' });
    },
    // Another tab or the browser closed it: open again on the next call.
    terminated() {
      opening = null;
    },
  }).then(
    (db) => {
      // The offline parts (the badge, the sending of waiting bookings) load now, while there is a network.
      announceOfflineStorageOpened();
      return db;
    },
    (err: unknown) => {
      opening = null;
      throw err;
    },
  );
  return opening;
}

/** Closes the connection so the next call opens afresh (tests give each case a new IndexedDB). */
export async function closeOfflineDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}

/** spec part 2, 8: offline storage failures are internal and only logged, never shown or thrown. */
export function logOfflineFailure(action: string, err: unknown): void {
  console.warn({ action, error: err instanceof Error ? err.message : String(err) }, 'offline storage failure');
}

const changes = new EventTarget();

/** Tells this tab's listeners that something was added to or removed from the pending store. */
export const emitPendingChange = () => changes.dispatchEvent(new Event('change'));

/** Calls `listener` whenever this tab adds or removes a pending booking or cancellation; returns the unsubscribe. */
export function onPendingChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

/**
 * Runs `task` while holding the device-wide lock when the browser has one: the sync holds it while it sends, so
 * other tabs wait and then find less, and an undo waits until the item is either sent or still there (decision 033).
 */
export async function withDeviceLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  return locks.request('repvisit-offline-sync', () => task()) as Promise<T>;
}
