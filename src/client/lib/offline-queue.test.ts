import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api';
import { closeOfflineDb, getOfflineDb, OFFLINE_DB_NAME, OFFLINE_DB_VERSION } from './offline-db';
import {
  bookingPayload,
  bookOrQueue,
  cancelOrQueue,
  classifySendError,
  clearPendingBookings,
  listPendingBookings,
  listPendingCancellations,
  listPendingItems,
  onPendingChange,
  queueBooking,
  queueCancellation,
  syncPendingBookings,
  undoCancellation,
  type PendingAppointment,
  type PendingCancellation,
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

  it('keeps the order things were made in, even within one millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(5_000);
    const dates = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'];
    for (const date of dates) await queueBooking(booking(7, date));
    expect((await listPendingBookings(7)).map((p) => p.data.appointmentDate)).toEqual(dates);
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

// Decision 033: cancellations made without a network.
const visit = (id = 41, appointment_date = '2026-03-06') => ({
  id,
  appointment_date,
  start_time: null,
  token: 1,
  status: 'booked',
  doctor_name: 'Asha Rao',
  doctor_specialty: 'Cardiology',
  clinic_name: 'Lake View Clinic',
  clinic_id: 5,
  doctor_id: 3,
  checked_in_at: null,
  requires_approval: false,
});

function setOnline(online: boolean | undefined) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('cancellations made offline', () => {
  afterEach(() => setOnline(undefined));

  it('wait in the same version-1 store beside the bookings, one per visit, apart from the booking lists', async () => {
    const booked = (await queueBooking(booking(), 1))!;
    const first = (await queueCancellation(7, visit(), 2))!;
    expect(first).toEqual({
      id: expect.stringMatching(/^appointment_2_[0-9a-f]{16}$/),
      data: { kind: 'cancel', repId: 7, appointment: visit() },
      timestamp: 2,
    });
    // The same visit cancelled again (a double tap, a second tab) is still one waiting cancellation.
    expect(await queueCancellation(7, visit(), 3)).toEqual(first);
    expect((await listPendingItems(7)).map((p) => p.id)).toEqual([booked.id, first.id]);
    expect((await listPendingBookings(7)).map((p) => p.id)).toEqual([booked.id]);
    expect((await listPendingCancellations(7)).map((p) => p.id)).toEqual([first.id]);
  });

  it('are queued when the browser is offline and when the call never reached the server, never when it refused', async () => {
    setOnline(false);
    const calls: number[] = [];
    const offline = await cancelOrQueue(7, visit(41), async (id) => {
      calls.push(id);
      return { message: 'x' };
    });
    expect(calls).toEqual([]);
    expect(offline).toMatchObject({ queued: true, pending: { data: { appointment: { id: 41 } } } });

    setOnline(true);
    const lost = await cancelOrQueue(7, visit(42), async () => {
      throw new NetworkError();
    });
    expect(lost).toMatchObject({ queued: true, pending: { data: { appointment: { id: 42 } } } });
    await expect(
      cancelOrQueue(7, visit(43), async () => {
        throw new ApiError(400, 'Cannot cancel on appointment day');
      }),
    ).rejects.toThrow('Cannot cancel on appointment day');
    expect((await listPendingCancellations(7)).map((c) => c.data.appointment.id)).toEqual([41, 42]);
  });

  it('are sent with the bookings in the order they were made, and reported apart', async () => {
    const b = (await queueBooking(booking(7, '2026-03-04'), 1))!;
    const c = (await queueCancellation(7, visit(41), 2))!;
    const refusedCancel = (await queueCancellation(7, visit(42), 3))!;
    const order: string[] = [];
    const result = await syncPendingBookings(
      7,
      async (item) => {
        order.push(item.id);
        return { kind: 'booked' };
      },
      async (item) => {
        order.push(item.id);
        return item.id === c.id ? { kind: 'booked' } : { kind: 'refused', status: 400, message: 'Cannot cancel on appointment day' };
      },
    );
    expect(order).toEqual([b.id, c.id, refusedCancel.id]);
    expect(result.synced.map((p) => p.id)).toEqual([b.id]);
    expect(result.refused).toEqual([]);
    expect(result.cancelled.map((p) => p.id)).toEqual([c.id]);
    expect(result.cancelRefused).toEqual([{ item: refusedCancel, status: 400, message: 'Cannot cancel on appointment day' }]);
    expect(await listPendingItems()).toEqual([]);
  });

  it('can be undone before they are sent: nothing is sent then', async () => {
    const c = (await queueCancellation(7, visit(), 1))!;
    expect(await undoCancellation(c.id)).toBe(true);
    const sendCancel = vi.fn(async (): Promise<SendResult> => ({ kind: 'booked' }));
    expect((await syncPendingBookings(7, undefined, sendCancel)).cancelled).toEqual([]);
    expect(sendCancel).not.toHaveBeenCalled();
    // Undone twice (another tab did it first): nothing was there any more.
    expect(await undoCancellation(c.id)).toBe(false);
  });

  it('an undo while the sync is sending waits for it, then says it was too late', async () => {
    const c = (await queueCancellation(7, visit(), 1))!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sendCancel = vi.fn(async (_item: PendingCancellation): Promise<SendResult> => {
      await gate;
      return { kind: 'booked' };
    });
    const sync = syncPendingBookings(7, undefined, sendCancel);
    await vi.waitFor(() => expect(sendCancel).toHaveBeenCalledTimes(1));
    let undone: boolean | null = null;
    const undo = undoCancellation(c.id).then((r) => (undone = r));
    await new Promise((r) => setTimeout(r, 50));
    // Still sending: the undo has not answered yet.
    expect(undone).toBeNull();
    release();
    expect((await sync).cancelled.map((p) => p.id)).toEqual([c.id]);
    await undo;
    expect(undone).toBe(false);
  });
});

describe('booking offline under the rules of what is cached and queued', () => {
  afterEach(() => setOnline(undefined));

  it('refuses to queue a booking the rules refuse, with their message, and queues one they allow', async () => {
    setOnline(false);
    const book = vi.fn(async () => ({ ok: true }));
    const refusal = (input: { appointmentDate: string }, queued: PendingAppointment[]) =>
      queued.length > 0 && input.appointmentDate !== '2026-03-30' ? { id: 'You already have a future appointment with this doctor at this clinic.' } : null;
    await expect(bookOrQueue(booking(7, '2026-03-04'), book, refusal)).resolves.toMatchObject({ queued: true });
    await expect(bookOrQueue(booking(7, '2026-03-05'), book, refusal)).rejects.toMatchObject({
      status: 409,
      message: 'You already have a future appointment with this doctor at this clinic.',
    });
    await expect(bookOrQueue(booking(7, '2026-03-30'), book, refusal)).resolves.toMatchObject({ queued: true });
    expect(book).not.toHaveBeenCalled();
    expect((await listPendingBookings(7)).map((p) => p.data.appointmentDate)).toEqual(['2026-03-04', '2026-03-30']);
  });
});

// Docs/decisions/039: a booking with a visiting-hours time keeps it, online, in the queue and on replay.
describe('a booking with a visit time', () => {
  afterEach(() => setOnline(undefined));

  it('sends the chosen time, and no time at all for a doctor without visiting hours', () => {
    expect(bookingPayload({ ...booking(), startTime: '15:45' })).toEqual({
      doctorId: 3,
      clinicId: 5,
      repId: 7,
      appointmentDate: '2026-03-04',
      startTime: '15:45',
    });
    // The server refuses a time where there are no windows: the key is absent, not undefined or null.
    expect(bookingPayload(booking())).toEqual({ doctorId: 3, clinicId: 5, repId: 7, appointmentDate: '2026-03-04' });
    expect('startTime' in bookingPayload(booking())).toBe(false);
  });

  it('is booked online with its time, and waits offline with it, so the replay carries it', async () => {
    setOnline(true);
    const book = vi.fn(async () => ({ ok: true }));
    await bookOrQueue({ ...booking(), startTime: '15:30' }, book);
    expect(book).toHaveBeenCalledWith({ doctorId: 3, clinicId: 5, repId: 7, appointmentDate: '2026-03-04', startTime: '15:30' });

    setOnline(false);
    const queued = await bookOrQueue({ ...booking(7, '2026-03-05'), startTime: '15:45' }, book);
    expect(queued).toMatchObject({ queued: true, pending: { data: { appointmentDate: '2026-03-05', startTime: '15:45' } } });
    const [waiting] = await listPendingBookings(7);
    expect(bookingPayload(waiting!.data)).toMatchObject({ appointmentDate: '2026-03-05', startTime: '15:45' });
  });
});
