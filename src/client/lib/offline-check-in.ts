import type { RepAppointment } from '../../shared/schemas/booking';
import type { CheckIn, CheckInResponse } from '../../shared/schemas/visits';
import { apiFetch, NetworkError } from './api';
import { i18n } from './i18n';
import { isPendingCheckIn, type PendingCheckIn, type PendingCheckInData } from './offline-db';
import { classifySendError, isOffline, listPendingItems, newPendingId, queueTime, storePendingItem, type SendResult } from './offline-store';

// Docs/decisions/041: the code typed at reception without a network waits on the device with the instant it was typed
// (`typedAt`) and is sent when the network returns; the server accepts it if the code was valid at that instant, on
// the visit's date. It waits in the same store as the bookings and cancellations and goes in the same sync.

export type { PendingCheckIn };

/** The waiting check-ins, oldest first (only `repId`'s when given). */
export async function listPendingCheckIns(repId?: number): Promise<PendingCheckIn[]> {
  return (await listPendingItems(repId)).filter(isPendingCheckIn);
}

/** Stores a check-in for later (one per visit: a second one returns the first); null when it could not be stored. */
export async function queueCheckIn(
  o: { repId: number; appointment: RepAppointment; code: string; typedAt: string },
  now = queueTime(Date.now()),
): Promise<PendingCheckIn | null> {
  const already = (await listPendingCheckIns(o.repId)).find((c) => c.data.appointmentId === o.appointment.id);
  if (already) return already;
  const data: PendingCheckInData = {
    kind: 'check-in',
    repId: o.repId,
    appointmentId: o.appointment.id,
    code: o.code,
    typedAt: o.typedAt,
    appointment: o.appointment,
  };
  return storePendingItem<PendingCheckIn>({ id: newPendingId(now), data, timestamp: now });
}

/** The wire payload of a waiting check-in: the visit, the code and when it was typed. */
export const checkInPayload = (d: PendingCheckInData): CheckIn => ({ appointmentId: d.appointmentId, code: d.code, typedAt: d.typedAt });

/**
 * POST /api/medrep/check-in with the stored code and time. A replay after a lost answer finds the visit checked in
 * and is answered 200 with the stored time, so it is done, not refused. A wrong code (400) or another day (409) will
 * not pass later: it leaves the queue with the server's reason; no network, 5xx or 429 keep it.
 */
export async function sendPendingCheckIn(item: PendingCheckIn): Promise<SendResult> {
  try {
    await apiFetch<CheckInResponse>('/api/medrep/check-in', { method: 'POST', body: checkInPayload(item.data) });
    return { kind: 'booked' };
  } catch (err) {
    return classifySendError(err);
  }
}

export type QueuedCheckIn = { queued: true; pending: PendingCheckIn };
export const isQueuedCheckIn = (x: unknown): x is QueuedCheckIn => typeof x === 'object' && x !== null && (x as QueuedCheckIn).queued === true;

/**
 * Checks in through `checkIn` when there is a network; without one (the browser says offline, or the call never
 * reached the server) the code waits in the queue with the instant it was typed, `now`. Refusals are thrown as they
 * are. Online the call carries no `typedAt`: the server's clock is the time then, and a phone whose clock runs fast
 * would otherwise be refused for a time in the future.
 */
export async function checkInOrQueue<T>(
  o: { repId: number; appointment: RepAppointment; code: string },
  checkIn: (payload: CheckIn) => Promise<T>,
  now = new Date(),
): Promise<T | QueuedCheckIn> {
  const typedAt = now.toISOString();
  if (!isOffline()) {
    try {
      return await checkIn({ appointmentId: o.appointment.id, code: o.code });
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const pending = await queueCheckIn({ ...o, typedAt });
  if (!pending) throw new Error(i18n._('Failed to check in. Please try again.'));
  return { queued: true, pending };
}
