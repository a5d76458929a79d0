import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_MESSAGES } from '../../shared/booking/visit-status';
import { ApiError, NetworkError } from './api';
import { checkInOrQueue, listPendingCheckIns, queueCheckIn, sendPendingCheckIn, type PendingCheckIn } from './offline-check-in';
import { closeOfflineDb } from './offline-db';
import { listPendingBookings, listPendingCancellations, listPendingItems, queueBooking, syncPendingBookings, type SendResult } from './offline-queue';

// Docs/decisions/041: a code typed at reception without a network waits on the device with the instant it was typed,
// and is sent once, in the one sync, when the network returns.

const visit = (id = 41) => ({
  id,
  appointment_date: '2026-03-10',
  start_time: '15:30',
  token: 1,
  status: 'confirmed',
  doctor_name: 'Asha Rao',
  doctor_specialty: 'Cardiology',
  clinic_name: 'Lake View Clinic',
  clinic_id: 5,
  doctor_id: 3,
  checked_in_at: null,
  requires_approval: false,
});
const TYPED = new Date('2026-03-10T10:12:30.000Z'); // 15:42 in India

function setOnline(online: boolean | undefined) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  setOnline(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a check-in made offline', () => {
  it('waits as {kind, appointmentId, code, typedAt} with the visit, one per visit, never taken for a booking', async () => {
    const booked = (await queueBooking({ doctorId: 3, clinicId: 5, repId: 7, appointmentDate: '2026-03-12' }, 1))!;
    const first = (await queueCheckIn({ repId: 7, appointment: visit(), code: '123456', typedAt: TYPED.toISOString() }, 2))!;
    expect(first).toEqual({
      id: expect.stringMatching(/^appointment_2_[0-9a-f]{16}$/),
      data: { kind: 'check-in', repId: 7, appointmentId: 41, code: '123456', typedAt: '2026-03-10T10:12:30.000Z', appointment: visit() },
      timestamp: 2,
    });
    // Typed again (a double tap, a second tab): still the first one, with its time.
    expect(await queueCheckIn({ repId: 7, appointment: visit(), code: '654321', typedAt: new Date().toISOString() }, 3)).toEqual(first);
    expect((await listPendingItems(7)).map((p) => p.id)).toEqual([booked.id, first.id]);
    // The booking lists and the calendar's queued days must not read a check-in as a booking.
    expect((await listPendingBookings(7)).map((p) => p.id)).toEqual([booked.id]);
    expect(await listPendingCancellations(7)).toEqual([]);
    expect((await listPendingCheckIns(7)).map((p) => p.id)).toEqual([first.id]);
  });

  it('is queued with the time it was typed when offline or when the call never reached the server; online it goes without a time', async () => {
    const calls: unknown[] = [];
    const send = async (payload: unknown) => {
      calls.push(payload);
      return { message: 'Checked in', checkedInAt: TYPED.toISOString() };
    };

    setOnline(false);
    const offline = await checkInOrQueue({ repId: 7, appointment: visit(41), code: '123456' }, send, TYPED);
    expect(calls).toEqual([]);
    expect(offline).toMatchObject({ queued: true, pending: { data: { appointmentId: 41, code: '123456', typedAt: '2026-03-10T10:12:30.000Z' } } });

    setOnline(true);
    const lost = await checkInOrQueue(
      { repId: 7, appointment: visit(42), code: '222222' },
      async () => {
        throw new NetworkError();
      },
      TYPED,
    );
    expect(lost).toMatchObject({ queued: true, pending: { data: { appointmentId: 42, typedAt: TYPED.toISOString() } } });

    // Online: the server's clock is the time (a phone running fast would otherwise be refused for a time in the future).
    await expect(checkInOrQueue({ repId: 7, appointment: visit(43), code: '333333' }, send, TYPED)).resolves.toEqual({
      message: 'Checked in',
      checkedInAt: TYPED.toISOString(),
    });
    expect(calls).toEqual([{ appointmentId: 43, code: '333333' }]);
    await expect(
      checkInOrQueue({ repId: 7, appointment: visit(44), code: '444444' }, async () => {
        throw new ApiError(400, CHECK_IN_MESSAGES.invalidCode);
      }),
    ).rejects.toThrow(CHECK_IN_MESSAGES.invalidCode);
    expect((await listPendingCheckIns(7)).map((c) => c.data.appointmentId)).toEqual([41, 42]);
  });

  it('is sent in the sync with the bookings, in the order made, and reported apart: accepted, refused or kept', async () => {
    const booking = (await queueBooking({ doctorId: 3, clinicId: 5, repId: 7, appointmentDate: '2026-03-12' }, 1))!;
    const accepted = (await queueCheckIn({ repId: 7, appointment: visit(41), code: '111111', typedAt: TYPED.toISOString() }, 2))!;
    const wrong = (await queueCheckIn({ repId: 7, appointment: visit(42), code: '999999', typedAt: TYPED.toISOString() }, 3))!;
    const later = (await queueCheckIn({ repId: 7, appointment: visit(43), code: '333333', typedAt: TYPED.toISOString() }, 4))!;
    const order: string[] = [];
    const answers: Record<string, SendResult> = {
      [accepted.id]: { kind: 'booked' },
      [wrong.id]: { kind: 'refused', status: 400, message: CHECK_IN_MESSAGES.invalidCode },
      [later.id]: { kind: 'retry' },
    };
    const result = await syncPendingBookings(
      7,
      async (item) => {
        order.push(item.id);
        return { kind: 'booked' };
      },
      undefined,
      async (item: PendingCheckIn) => {
        order.push(item.id);
        return answers[item.id]!;
      },
    );
    expect(order).toEqual([booking.id, accepted.id, wrong.id, later.id]);
    expect(result.synced.map((p) => p.id)).toEqual([booking.id]);
    expect(result.checkedIn.map((p) => p.id)).toEqual([accepted.id]);
    expect(result.checkInRefused).toEqual([{ item: wrong, status: 400, message: CHECK_IN_MESSAGES.invalidCode }]);
    expect(result.kept.map((p) => p.id)).toEqual([later.id]);
    expect((await listPendingItems()).map((p) => p.id)).toEqual([later.id]);
  });
});

describe('sending a waiting check-in', () => {
  const answer = (status: number, body: unknown) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const item = async () => (await queueCheckIn({ repId: 7, appointment: visit(41), code: '123456', typedAt: TYPED.toISOString() }, 1))!;

  it('posts the visit, the code and the time it was typed', async () => {
    const fetch = answer(200, { message: 'Checked in', checkedInAt: TYPED.toISOString() });
    expect(await sendPendingCheckIn(await item())).toEqual({ kind: 'booked' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/medrep/check-in');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ appointmentId: 41, code: '123456', typedAt: '2026-03-10T10:12:30.000Z' });
  });

  it("drops a code that was wrong at that time or another day's visit with the server's reason, and keeps it past the attempt limit", async () => {
    answer(400, { message: CHECK_IN_MESSAGES.invalidCode });
    expect(await sendPendingCheckIn(await item())).toEqual({ kind: 'refused', status: 400, message: CHECK_IN_MESSAGES.invalidCode });
    answer(409, { message: CHECK_IN_MESSAGES.notToday, code: 'check_in_not_today' });
    expect(await sendPendingCheckIn(await item())).toEqual({ kind: 'refused', status: 409, message: CHECK_IN_MESSAGES.notToday });
    answer(429, { message: 'Too many attempts' });
    expect(await sendPendingCheckIn(await item())).toEqual({ kind: 'retry' });
  });
});
