import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api';
import { closeOfflineDb, getOfflineDb, OFFLINE_DB_NAME, OFFLINE_DB_VERSION } from './offline-db';
import {
  classifySendError,
  clearPendingBookings,
  listPendingBookings,
  onPendingChange,
  queueBooking,
  syncPendingBookings,
  type PendingAppointment,
  type SendResult,
} from './offline-queue';

const booking = (repId = 7, appointmentDate = '2026-03-04') => ({
  doctorId: 3,
  clinicId: 5,
  repId,
  appointmentDate,
  doctorName: 'Dr. Asha Rao',
  clinicName: 'Lake View Clinic',
});

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.restoreAllMocks());

describe('the pending-appointment store', () => {
  it('is RepVisitDB version 1 with the spec stores', async () => {
    const db = await getOfflineDb();
    expect(db.name).toBe(OFFLINE_DB_NAME);
    expect(OFFLINE_DB_NAME).toBe('RepVisitDB');
    expect(db.version).toBe(OFFLINE_DB_VERSION);
    expect(OFFLINE_DB_VERSION).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(['cachedData', 'pendingAppointments']);
    expect(db.transaction('pendingAppointments').store.keyPath).toBe('id');
    expect(db.transaction('cachedData').store.keyPath).toBe('key');
  });

  it('stores {id, data, timestamp} with ids beginning appointment_, lists them oldest first, per rep', async () => {
    const later = await queueBooking(booking(7, '2026-03-05'), 2_000);
    const first = await queueBooking(booking(7), 1_000);
    await queueBooking(booking(8), 1_500);
    expect(first).toEqual({ id: expect.stringMatching(/^appointment_1000_[0-9a-f]{16}$/), data: booking(7), timestamp: 1_000 });
    expect(later!.id).not.toBe(first!.id);
    expect((await listPendingBookings(7)).map((p) => p.id)).toEqual([first!.id, later!.id]);
    expect(await listPendingBookings()).toHaveLength(3);
  });

  it('tells listeners about every change and empties on clear', async () => {
    const seen = vi.fn();
    const off = onPendingChange(seen);
    await queueBooking(booking());
    await clearPendingBookings();
    off();
    await queueBooking(booking());
    expect(seen).toHaveBeenCalledTimes(2);
    await clearPendingBookings();
    expect(await listPendingBookings()).toEqual([]);
  });

  it('only logs storage failures; reading falls back to an empty list (spec part 2, 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await closeOfflineDb();
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    expect(await queueBooking(booking())).toBeNull();
    expect(await listPendingBookings()).toEqual([]);
    await expect(clearPendingBookings()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ action: 'store pending appointment', error: 'offline database not initialised' }, 'offline storage failure');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ action: 'read pending appointments' }), 'offline storage failure');
  });
});

describe('classifying a failed replay', () => {
  it('drops refusals and keeps what may pass later', () => {
    for (const status of [400, 402, 404, 409, 422]) {
      expect(classifySendError(new ApiError(status, 'No appointment slots available for this date. Please select another date.'))).toEqual({
        kind: 'refused',
        status,
        message: 'No appointment slots available for this date. Please select another date.',
      });
    }
    for (const status of [401, 403, 408, 429, 500, 502, 503]) expect(classifySendError(new ApiError(status, 'x'))).toEqual({ kind: 'retry' });
    expect(classifySendError(new NetworkError())).toEqual({ kind: 'retry' });
  });
});

describe('syncing', () => {
  it('removes the booked and the refused, keeps the rest, and leaves other reps alone', async () => {
    const a = (await queueBooking(booking(7, '2026-03-04'), 1))!;
    const b = (await queueBooking(booking(7, '2026-03-05'), 2))!;
    const c = (await queueBooking(booking(7, '2026-03-06'), 3))!;
    const other = (await queueBooking(booking(8), 4))!;
    const answers: Record<string, SendResult> = {
      [a.id]: { kind: 'booked' },
      [b.id]: { kind: 'refused', status: 409, message: 'No appointment slots available for this date. Please select another date.' },
      [c.id]: { kind: 'retry' },
    };
    const sent: string[] = [];
    const result = await syncPendingBookings(7, async (item) => {
      sent.push(item.id);
      return answers[item.id]!;
    });
    expect(sent).toEqual([a.id, b.id, c.id]);
    expect(result.synced.map((p) => p.id)).toEqual([a.id]);
    expect(result.refused).toEqual([{ item: b, status: 409, message: 'No appointment slots available for this date. Please select another date.' }]);
    expect(result.kept.map((p) => p.id)).toEqual([c.id]);
    expect((await listPendingBookings()).map((p) => p.id).sort()).toEqual([c.id, other.id].sort());
  });

  it('never runs twice at once: a second call while one runs shares its result', async () => {
    await queueBooking(booking());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn(async (_item: PendingAppointment): Promise<SendResult> => {
      await gate;
      return { kind: 'booked' };
    });
    const first = syncPendingBookings(7, send);
    const second = syncPendingBookings(7, send);
    expect(second).toBe(first);
    release();
    expect((await first).synced).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
    // Once finished, a new sync finds nothing left.
    expect((await syncPendingBookings(7, send)).synced).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
