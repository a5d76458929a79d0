import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { announceOfflineStorageOpened } from './offline-storage';
import type { BookAppointment } from '../../shared/schemas/booking';

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

export interface CacheEntry<T = unknown> {
  key: string;
  data: T;
  /** ms since the epoch after which the entry is not used */
  expiry: number;
  timestamp: number;
}

interface RepVisitSchema extends DBSchema {
  pendingAppointments: { key: string; value: PendingAppointment };
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
