import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { checkWaitlistJoin, isHolding, isOpenWaitlistStatus, WAITLIST_MESSAGES, waitlistStatusAt } from '../../../shared/booking/waitlist';
import { todayInIndia } from '../../../shared/dates';
import { messageOf } from '../../../shared/i18n/message';
import type { BookedAppointment } from '../../../shared/schemas/booking';
import type { JoinWaitlist, JoinWaitlistResponse, WaitlistEntry } from '../../../shared/schemas/waitlist';
import { AVAILABILITY_NOT_FOUND, dayContext, lockBookingRep, lockDoctorDays, placeVisit, type Refusal } from '../booking/booking-day.service';
import { offerFreedSlots } from '../booking/waitlist-offers.service';
import {
  countWaitingUpTo,
  deleteEntry,
  findOpenEntry,
  findRepEntry,
  insertWaitingEntry,
  listRepEntries,
  markAccepted,
  markDeclined,
  releaseOtherEntries,
} from './waitlist.repo';

// The waitlist of a full day (docs/decisions/043): a rep joins the line of a doctor's day that is full for them and
// for no other reason; when a slot frees, the first in line is offered it and holds it for WAITLIST_HOLD_MINUTES
// (waitlist-offers.service.ts). Each change takes the booking's locks in the booking's order (rep, settings, day), so it
// queues behind the day's bookings and cancellations instead of racing them. A refusal found after the day's line was
// settled (run-out offers passed on) is answered after the commit, so that settling is kept.

/** At most this many entries in the rep's list: one open place per doctor's day, so a rep's list is short. */
export const WAITLIST_LIST_LIMIT = 200;

const entryNotFound = () => new AppError('waitlist_not_found', WAITLIST_MESSAGES.notFound, 404);
const offerClosed: Refusal = { statusCode: 409, body: { message: messageOf(WAITLIST_MESSAGES.offerClosed), code: 'offer_closed' } };
const refuse = (r: Refusal) => new AppError(r.body.code, r.body.message, r.statusCode);

/** POST /api/waitlist: joins the line of a full day; the entry's place in it (1 first). */
export async function joinWaitlist(deps: Deps, o: { repId: number; input: JoinWaitlist }): Promise<JoinWaitlistResponse> {
  const { clinicId, doctorId, date } = o.input;
  const now = deps.clock.now();
  const outcome = await withWrite(deps, async (tx): Promise<{ refusal: Refusal } | { id: number; position: number }> => {
    await lockBookingRep(tx, { repId: o.repId, now, requireSubscription: true });
    const link = await lockDoctorDays(tx, { clinicId, doctorId, dates: [date] });
    if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
    if (await findOpenEntry(tx, { repId: o.repId, clinicId, doctorId, date })) throw new AppError('already_waitlisted', WAITLIST_MESSAGES.alreadyWaiting, 409);
    const { day } = await offerFreedSlots(deps, tx, { clinicId, doctorId, date, now, link, repId: o.repId });
    const repAppointments = day.repVisits;
    const check = checkWaitlistJoin(dayContext(deps, { link, day, repAppointments, now }), date);
    if (!check.ok) return { refusal: { statusCode: check.status, body: { message: check.message, code: check.code } } };
    const row = await insertWaitingEntry(tx, { repId: o.repId, clinicId, doctorId, date, now });
    if (!row) throw new AppError('already_waitlisted', WAITLIST_MESSAGES.alreadyWaiting, 409);
    return { id: row.id, position: await countWaitingUpTo(tx, { clinicId, doctorId, date, id: row.id }) };
  });
  if ('refusal' in outcome) throw refuse(outcome.refusal);
  deps.log.info({ repId: o.repId, entryId: outcome.id }, 'rep joined a waitlist');
  return { message: WAITLIST_MESSAGES.joined, entry: { id: outcome.id, position: outcome.position, status: 'waiting' } };
}

/**
 * GET /api/waitlist: the rep's entries for today or later, any status. An offer whose hold ran out reads 'expired' at
 * once (with no expiry and no held time), before the sweep marks it so: what the rep can do with it is what counts.
 */
export async function listWaitlist(deps: Pick<Deps, 'db' | 'clock'>, o: { repId: number }): Promise<WaitlistEntry[]> {
  const now = deps.clock.now();
  const rows = await listRepEntries(deps.db, { repId: o.repId, fromDate: todayInIndia(now), limit: WAITLIST_LIST_LIMIT });
  return rows.map((r) => {
    const status = waitlistStatusAt(r, now);
    const holding = status === 'offered';
    return {
      id: r.id,
      doctorId: r.doctorId,
      clinicId: r.clinicId,
      date: r.date,
      position: status === 'waiting' ? r.position : null,
      status,
      offerExpiresAt: holding && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
      doctorName: r.doctorName,
      doctorSpecialty: r.doctorSpecialty,
      clinicName: r.clinicName,
      heldStartTime: holding ? r.heldStartTime : null,
    };
  });
}

type Entry = NonNullable<Awaited<ReturnType<typeof findRepEntry>>>;

/**
 * The rep's entry, read again under the locks of its day (rep, settings, day: the booking's order), so the sweep or
 * a clinic's change of that day cannot move it meanwhile. 404 when it is not the rep's.
 */
async function lockEntry(tx: Write, o: { repId: number; id: number; now: Date; requireSubscription: boolean }) {
  const rep = await lockBookingRep(tx, o);
  const found = await findRepEntry(tx, o);
  if (!found) throw entryNotFound();
  const link = await lockDoctorDays(tx, { clinicId: found.clinicId, doctorId: found.doctorId, dates: [found.date] });
  const entry = await findRepEntry(tx, { ...o, lock: true });
  if (!entry) throw entryNotFound();
  return { rep, link, entry };
}

const dayOf = (e: Entry) => ({ clinicId: e.clinicId, doctorId: e.doctorId, date: e.date });

/**
 * DELETE /api/waitlist/:id: the rep leaves the line (the entry goes); an offered slot passes to the next in line. An
 * entry no longer in line (an offer that ran out, docs/decisions/050) is removed from the rep's list: `wasOpen` false.
 */
export async function leaveWaitlist(deps: Deps, o: { repId: number; id: number }): Promise<{ wasOpen: boolean }> {
  const now = deps.clock.now();
  const wasOpen = await withWrite(deps, async (tx) => {
    const { link, entry } = await lockEntry(tx, { ...o, now, requireSubscription: false });
    await deleteEntry(tx, entry.id);
    await offerFreedSlots(deps, tx, { ...dayOf(entry), now, link });
    return isOpenWaitlistStatus(waitlistStatusAt(entry, now));
  });
  deps.log.info({ repId: o.repId, entryId: o.id }, 'rep left a waitlist');
  return { wasOpen };
}

/** POST /api/waitlist/:id/decline: the rep passes on a running offer; the slot is offered to the next in line. */
export async function declineOffer(deps: Deps, o: { repId: number; id: number }): Promise<void> {
  const now = deps.clock.now();
  const declined = await withWrite(deps, async (tx) => {
    const { link, entry } = await lockEntry(tx, { ...o, now, requireSubscription: false });
    const open = entry.status === 'offered' && isHolding(entry, now) && (await markDeclined(tx, { id: entry.id, now }));
    await offerFreedSlots(deps, tx, { ...dayOf(entry), now, link });
    return open;
  });
  if (!declined) throw refuse(offerClosed);
  deps.log.info({ repId: o.repId, entryId: o.id }, 'rep declined a waitlist offer');
}

/**
 * POST /api/waitlist/:id/accept: books the held slot (its time with visiting hours) by the booking's rules, the entry's
 * own hold left out of the facts; the entry then records the visit, and the rep's other places in the lines of that
 * doctor's days are given up (docs/decisions/050; `released`, how many). An offer no longer running is 409
 * offer_closed; a rule's refusal leaves the offer as it was, until its hold ends. Concurrent accepts queue on the rep's
 * lock: the second finds the entry accepted.
 */
export async function acceptOffer(deps: Deps, o: { repId: number; id: number }): Promise<{ appointment: BookedAppointment; released: number }> {
  const now = deps.clock.now();
  const outcome = await withWrite(deps, async (tx): Promise<{ refusal: Refusal } | { appointment: BookedAppointment; released: number }> => {
    const { rep, link, entry } = await lockEntry(tx, { ...o, now, requireSubscription: true });
    if (entry.status !== 'offered') return { refusal: offerClosed };
    if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
    const { day } = await offerFreedSlots(deps, tx, { ...dayOf(entry), now, link, repId: o.repId });
    // Settled: an offer whose hold ran out is no longer in the line.
    const offer = day.line.find((e) => e.id === entry.id && e.status === 'offered');
    if (!offer) return { refusal: offerClosed };
    const repAppointments = day.repVisits;
    const placed = await placeVisit(deps, tx, {
      rep,
      link,
      day,
      repAppointments,
      startTime: offer.heldStartTime ?? undefined,
      now,
      exceptHold: entry.id,
    });
    if ('refusal' in placed) return placed;
    await markAccepted(tx, { id: entry.id, appointmentId: placed.appointment.id, now });
    // Waiting places only, as a rep holds one running offer of a doctor at a time: no held slot is freed by this.
    const released = await releaseOtherEntries(tx, { repId: o.repId, doctorId: entry.doctorId, exceptId: entry.id });
    return { appointment: placed.appointment, released: released.length };
  });
  if ('refusal' in outcome) throw refuse(outcome.refusal);
  deps.log.info({ repId: o.repId, entryId: o.id, appointmentId: outcome.appointment.id, released: outcome.released }, 'rep accepted a waitlist offer');
  return outcome;
}
