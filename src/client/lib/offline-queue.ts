import type { Message } from '../../shared/i18n/message';
import { BOOKING_MESSAGES } from '../../shared/booking/booking-rules';
import type { BookAppointment, BookAppointmentResponse, RepAppointment, RepAppointmentsResponse } from '../../shared/schemas/booking';
import type { MessageResponse } from '../../shared/schemas/common';
import { ApiError, apiFetch, NetworkError } from './api';
import { i18n } from './i18n';
import { sendPendingCheckIn } from './offline-check-in';
import {
  emitPendingChange as emitChange,
  getOfflineDb,
  isPendingBooking,
  isPendingCancellation,
  isPendingCheckIn,
  logOfflineFailure,
  withDeviceLock,
  type PendingAppointment,
  type PendingBookingData,
  type PendingCancellation,
  type PendingCheckIn,
  type PendingItem,
} from './offline-db';
import {
  classifySendError,
  isOffline,
  listPendingItems,
  newPendingId,
  queueTime,
  removePendingBooking,
  storePendingItem,
  type SendResult,
} from './offline-store';

// spec part 2, 3, 4 and 7: bookings made without a network wait in pendingAppointments and are sent again
// (POST /api/book-appointment with the stored data) when the network returns. Each replay carries the pending
// id as its Idempotency-Key, so a replay the server already answered is answered the same way, never booked twice.

// Decision 033: cancellations made without a network wait in the same store and are sent in the same sync, in the
// order they were made. Docs/decisions/041: so do check-ins (lib/offline-check-in.ts).

export type { PendingAppointment, PendingBookingData, PendingCancellation, PendingCheckIn, PendingItem, SendResult };
export { onPendingChange } from './offline-db';
export { classifySendError, clearPendingBookings, listPendingItems } from './offline-store';

/** Stores a booking for later; null when the device could not store it (logged). */
export function queueBooking(data: PendingBookingData, now = queueTime(Date.now())): Promise<PendingAppointment | null> {
  return storePendingItem<PendingAppointment>({ id: newPendingId(now), data, timestamp: now });
}

/** The waiting bookings, oldest first (only `repId`'s when given). */
export async function listPendingBookings(repId?: number): Promise<PendingAppointment[]> {
  return (await listPendingItems(repId)).filter(isPendingBooking);
}

/** The waiting cancellations, oldest first (only `repId`'s when given). */
export async function listPendingCancellations(repId?: number): Promise<PendingCancellation[]> {
  return (await listPendingItems(repId)).filter(isPendingCancellation);
}

/**
 * The wire payload: the stored booking fields, without the names kept for the rep's messages. The visit time goes
 * only when one was chosen: a doctor without visiting hours refuses one (docs/decisions/039).
 */
export function bookingPayload(data: PendingBookingData): BookAppointment {
  const payload: BookAppointment = { doctorId: data.doctorId, clinicId: data.clinicId, repId: data.repId, appointmentDate: data.appointmentDate };
  if (data.startTime !== undefined) payload.startTime = data.startTime;
  return payload;
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

type Refusal<T> = { item: T; status: number; message: string };

export interface SyncResult {
  synced: PendingAppointment[];
  refused: Refusal<PendingAppointment>[];
  /** Cancellations the server carried out (or found already done). */
  cancelled: PendingCancellation[];
  cancelRefused: Refusal<PendingCancellation>[];
  /** Check-ins the server accepted (or found already made), docs/decisions/041. */
  checkedIn: PendingCheckIn[];
  checkInRefused: Refusal<PendingCheckIn>[];
  kept: PendingItem[];
}

interface Senders {
  send: (item: PendingAppointment) => Promise<SendResult>;
  sendCancel: (item: PendingCancellation) => Promise<SendResult>;
  sendCheckIn: (item: PendingCheckIn) => Promise<SendResult>;
}

let running: Promise<SyncResult> | null = null;

function sendOne(item: PendingItem, senders: Senders): Promise<SendResult> {
  if (isPendingCancellation(item)) return senders.sendCancel(item);
  if (isPendingCheckIn(item)) return senders.sendCheckIn(item);
  return senders.send(item);
}

async function runSync(repId: number, senders: Senders): Promise<SyncResult> {
  const result: SyncResult = { synced: [], refused: [], cancelled: [], cancelRefused: [], checkedIn: [], checkInRefused: [], kept: [] };
  // Listed inside the device lock: an undo made before this point has removed its item (decision 033).
  for (const item of await listPendingItems(repId)) {
    const outcome = await sendOne(item, senders);
    if (outcome.kind === 'retry') {
      result.kept.push(item);
      continue;
    }
    await removePendingBooking(item.id);
    const refusal = outcome.kind === 'refused' ? { status: outcome.status, message: outcome.message } : null;
    if (isPendingCancellation(item)) {
      if (refusal) result.cancelRefused.push({ item, ...refusal });
      else result.cancelled.push(item);
    } else if (isPendingCheckIn(item)) {
      if (refusal) result.checkInRefused.push({ item, ...refusal });
      else result.checkedIn.push(item);
    } else if (refusal) {
      result.refused.push({ item, ...refusal });
    } else {
      result.synced.push(item);
    }
  }
  return result;
}

/**
 * Sends `repId`'s waiting bookings, cancellations and check-ins one by one, oldest first. Never runs twice at once: a
 * call while a sync runs in this tab gets that sync's result, and tabs take turns through navigator.locks.
 */
export function syncPendingBookings(
  repId: number,
  send: Senders['send'] = sendPendingBooking,
  sendCancel: Senders['sendCancel'] = sendPendingCancellation,
  sendCheckIn: Senders['sendCheckIn'] = sendPendingCheckIn,
): Promise<SyncResult> {
  running ??= withDeviceLock(() => runSync(repId, { send, sendCancel, sendCheckIn })).finally(() => {
    running = null;
  });
  return running;
}

export type QueuedBooking = { queued: true; pending: PendingAppointment };

/**
 * Books through `book` when there is a network; without one (the browser says offline, or the call never reached
 * the server) the booking waits in the queue instead. Refusals by the server are thrown as they are. Before
 * queueing, `refusal` may apply the booking rules to what is cached and already queued (decision 033): its message
 * is thrown as a 409, the way the server would refuse it.
 */
export async function bookOrQueue<T>(
  input: PendingBookingData,
  book: (payload: BookAppointment) => Promise<T>,
  refusal?: (input: PendingBookingData, queued: PendingAppointment[]) => Message | null,
): Promise<T | QueuedBooking> {
  if (!isOffline()) {
    try {
      return await book(bookingPayload(input));
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const refused = refusal?.(input, await listPendingBookings(input.repId));
  if (refused) throw new ApiError(409, i18n._(refused));
  const pending = await queueBooking(input);
  if (!pending) throw new Error(i18n._('Failed to book appointment'));
  return { queued: true, pending };
}

export const isQueuedBooking = (x: unknown): x is QueuedBooking => typeof x === 'object' && x !== null && (x as QueuedBooking).queued === true;

// --- cancellations made without a network (decision 033) ---------------------------------------------------

/** Stores a cancellation for later (one per appointment: a second one returns the first); null when it could not be stored. */
export async function queueCancellation(repId: number, appointment: RepAppointment, now = queueTime(Date.now())): Promise<PendingCancellation | null> {
  const already = (await listPendingCancellations(repId)).find((c) => c.data.appointment.id === appointment.id);
  if (already) return already;
  return storePendingItem<PendingCancellation>({ id: newPendingId(now), data: { kind: 'cancel', repId, appointment }, timestamp: now });
}

/**
 * Takes a waiting cancellation back. It waits for a sync that is sending (the device lock), so the answer is true:
 * it was still waiting and is gone, or false: it had been sent already (or undone in another tab).
 */
export function undoCancellation(id: string): Promise<boolean> {
  return withDeviceLock(async () => {
    try {
      const db = await getOfflineDb();
      if (!(await db.get('pendingAppointments', id))) return false;
      await db.delete('pendingAppointments', id);
      emitChange();
      return true;
    } catch (err) {
      logOfflineFailure('remove pending appointment', err);
      return false;
    }
  });
}

/** Whether the rep's list (today and later, not cancelled) no longer holds the appointment; null when unknown. */
async function goneFromList(item: PendingCancellation): Promise<boolean | null> {
  try {
    const res = await apiFetch<RepAppointmentsResponse>(`/api/rep-appointments?repId=${item.data.repId}`);
    return !res.appointments.some((a) => a.id === item.data.appointment.id);
  } catch {
    return null;
  }
}

/**
 * DELETE /api/appointments/{id}. A cancellation sent again after its answer was lost finds the visit cancelled:
 * the server answers 'Appointment Cancelled' (400), which it also says of a confirmed visit, so the rep's list
 * decides: gone from it means done, not refused. Other refusals leave the queue with the server's reason.
 */
export async function sendPendingCancellation(item: PendingCancellation): Promise<SendResult> {
  try {
    await apiFetch<MessageResponse>(`/api/appointments/${item.data.appointment.id}`, { method: 'DELETE' });
    return { kind: 'booked' };
  } catch (err) {
    if (
      err instanceof ApiError &&
      err.status === 400 &&
      [BOOKING_MESSAGES.cannotCancelCancelled, i18n._(BOOKING_MESSAGES.cannotCancelCancelled)].includes(err.message)
    ) {
      const gone = await goneFromList(item);
      if (gone === null) return { kind: 'retry' };
      if (gone) return { kind: 'booked' };
    }
    return classifySendError(err);
  }
}

export type QueuedCancellation = { queued: true; pending: PendingCancellation };

/** Cancels through `cancel` when there is a network; without one the cancellation waits in the queue instead. */
export async function cancelOrQueue<T>(repId: number, appointment: RepAppointment, cancel: (id: number) => Promise<T>): Promise<T | QueuedCancellation> {
  if (!isOffline()) {
    try {
      return await cancel(appointment.id);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
  const pending = await queueCancellation(repId, appointment);
  if (!pending) throw new Error(i18n._('Failed to cancel appointment. Please try again.'));
  return { queued: true, pending };
}
