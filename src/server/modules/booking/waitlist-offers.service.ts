import type { Tx } from '../../db/client';
import type { Write } from '../../db/write';
import type { Deps } from '../../deps';
import { checkBooking } from '../../../shared/booking/booking-rules';
import { isHolding, lineOrder, planOffers } from '../../../shared/booking/waitlist';
import { todayInIndia } from '../../../shared/dates';
import { dayContext, lockDoctorDays, readDayFacts, readLineReps, type BookableLink, type DayFacts } from './booking-day.service';
import { readBookableSettingsInTransaction } from '../directory/directory.service';
import { pushRecipientsAmong } from '../clinics/visitors.service';
import { expireOffers, expirePastEntries, listDaysWithRunOutOffers, markOffered } from './waitlist-offers.repo';
import { MY_APPOINTMENTS_PATH, offerExpiredMail, offerExpiredPush, offerMail, offerPush } from './waitlist-mail';
import { waitlistOfferExpiredWhatsApp, waitlistOfferWhatsApp } from '../whatsapp/whatsapp-messages.service';
import { findReps } from './booking.repo';
import { accountLocale } from '../../i18n';

// Offering a freed slot to the day's waitlist (docs/decisions/043). One function, called with the doctor's day lock
// held by every path that frees a slot (a rep's cancellation or reschedule, the clinic's decline, a waitlist decline or
// leave, the sweep) and by every path that judges the day under that lock (booking, joining, accepting, rescheduling
// into it), so the line is settled before anyone is judged against it.

export interface OfferOutcome {
  /** The day's facts after the offers (the new holds are in `line`): a caller judging the day reads these. */
  day: DayFacts;
  offered: number;
  expired: number;
}

/**
 * Under the day's lock (and its settings row's, taken before it): closes the day's offers whose hold ran out
 * ('expired'), then, for a day today or later, while a slot is free (visits and running holds counted) and someone
 * waits, offers it to the first waiting rep the rules would let book it (planOffers), each offer with its e-mail and
 * push written in this transaction. `link`: the bookable link when the caller read it (null: not bookable, no offer).
 */
export async function offerFreedSlots(
  deps: Pick<Deps, 'config' | 'outbox'>,
  tx: Write,
  o: { clinicId: number; doctorId: number; date: string; now: Date; link?: BookableLink | null; repId?: number },
): Promise<OfferOutcome> {
  const { clinicId, doctorId, date, now } = o;
  // With `repId`, the day's facts hold that rep's visits with the doctor, read in the same statement.
  const day = await readDayFacts(tx, { clinicId, doctorId, date, repId: o.repId });
  const runOut = day.line.filter((e) => e.status === 'offered' && !isHolding(e, now)).map((e) => e.id);
  const expired = await expireOffers(tx, { ids: runOut, now });
  day.line = day.line.filter((e) => !runOut.includes(e.id));
  const outcome = { day, offered: 0, expired: expired.length };
  let link = o.link;
  if (expired.length > 0) {
    if (link === undefined) link = await readBookableSettingsInTransaction(tx, { clinicId, doctorId });
    await tellExpiredOffers(deps, tx, { expired, link, date });
  }

  const waiting = lineOrder(day.line);
  if (date < todayInIndia(now) || waiting.length === 0) return outcome;
  if (link === undefined) link = await readBookableSettingsInTransaction(tx, { clinicId, doctorId });
  if (!link) return outcome;
  const ctx = dayContext(deps, { link, day, repAppointments: [], now });
  // Closed, on leave, full...: nobody's rules are read.
  if (!checkBooking(ctx, date).ok) return outcome;

  const reps = await readLineReps(tx, { repIds: [...new Set(waiting.map((e) => e.repId))], doctorId, now });
  const offers = planOffers({ ctx, date, line: day.line, candidateOf: (id) => reps.get(id), now, holdMinutes: deps.config.WAITLIST_HOLD_MINUTES });
  if (offers.length === 0) return outcome;
  const pushable = new Set(
    (
      await pushRecipientsAmong(
        tx,
        offers.map((f) => f.repId),
      )
    ).map((r) => r.id),
  );
  for (const offer of offers) {
    // The day lock keeps the line as read; the guard on 'waiting' is the database's word all the same.
    if (!(await markOffered(tx, { ...offer, now }))) continue;
    const entry = day.line.find((e) => e.id === offer.id)!;
    Object.assign(entry, { status: 'offered', offerExpiresAt: offer.offerExpiresAt, heldStartTime: offer.heldStartTime });
    const rep = reps.get(offer.repId)!;
    const details = {
      entryId: offer.id,
      repId: rep.id,
      repName: rep.fullName,
      repEmail: rep.email,
      doctorName: link.doctorName,
      clinicName: link.clinicName,
      clinicCity: link.city,
      date,
      heldStartTime: offer.heldStartTime,
      offerExpiresAt: offer.offerExpiresAt,
      // The hold as it is, shortened near the visit (docs/decisions/050), not the setting.
      holdMinutes: offer.holdMinutes,
      locale: accountLocale(rep.language),
    };
    await deps.outbox.queueEmail(tx, offerMail(details, deps.config.appUrl));
    if (pushable.has(rep.id)) await deps.outbox.queuePush(tx, offerPush(details));
    // Opted-in reps hear of it on WhatsApp too (docs/decisions/044); nothing when the channel is off.
    await waitlistOfferWhatsApp(deps, tx, {
      repId: rep.id,
      doctorName: link.doctorName,
      clinicName: link.clinicName,
      clinicCity: link.city,
      date,
      startTime: offer.heldStartTime,
      offerExpiresAt: offer.offerExpiresAt,
      acceptUrl: `${deps.config.appUrl}${MY_APPOINTMENTS_PATH}`,
    });
    outcome.offered += 1;
  }
  return outcome;
}

/**
 * Tells each rep whose offer ran out (docs/decisions/050): an e-mail, a push where they allow it and WhatsApp where
 * they opted in, as the offer itself went; queued in the transaction that closes the offer. Nothing when the link is
 * no longer bookable (the doctor left the clinic): the rep is told of that by the clinic's own message.
 */
async function tellExpiredOffers(
  deps: Pick<Deps, 'config' | 'outbox'>,
  tx: Tx,
  o: { expired: { id: number; repId: number; heldStartTime: string | null }[]; link: BookableLink | null | undefined; date: string },
): Promise<void> {
  const { link } = o;
  if (!link) return;
  const repIds = [...new Set(o.expired.map((e) => e.repId))];
  const reps = new Map((await findReps(tx, repIds)).map((r) => [r.id, r]));
  const pushable = new Set((await pushRecipientsAmong(tx, repIds)).map((r) => r.id));
  for (const entry of o.expired) {
    const rep = reps.get(entry.repId);
    if (!rep) continue;
    const details = {
      entryId: entry.id,
      repId: rep.id,
      repName: rep.fullName,
      repEmail: rep.email,
      doctorName: link.doctorName,
      clinicName: link.clinicName,
      clinicCity: link.city,
      date: o.date,
      heldStartTime: entry.heldStartTime,
      locale: accountLocale(rep.language),
    };
    await deps.outbox.queueEmail(tx, offerExpiredMail(details, deps.config.appUrl));
    if (pushable.has(rep.id)) await deps.outbox.queuePush(tx, offerExpiredPush(details));
    await waitlistOfferExpiredWhatsApp(deps, tx, {
      repId: rep.id,
      doctorName: link.doctorName,
      clinicName: link.clinicName,
      clinicCity: link.city,
      date: o.date,
      startTime: entry.heldStartTime,
      waitlistUrl: `${deps.config.appUrl}${MY_APPOINTMENTS_PATH}`,
    });
  }
}

/** At most this many days a sweep passes on (the rest go a minute later): one run's locks and transaction stay short. */
export const SWEEP_DAYS_PER_RUN = 200;

/**
 * The waitlist sweep (docs/decisions/043), in the job's transaction: open entries of days gone are 'expired'; each day
 * with an offer whose hold ran out is locked as a booking locks it (settings row, then day; days in (clinic, doctor,
 * date) order) and settled by offerFreedSlots, which closes the offer and passes the slot to the next in line. All it
 * needs is in the database, so a restart loses nothing: the first sweep after it passes on what ran out meanwhile.
 */
export async function sweepWaitlist(deps: Pick<Deps, 'config' | 'outbox'>, tx: Write, o: { now: Date }) {
  const { now } = o;
  const today = todayInIndia(now);
  const pastDays = await expirePastEntries(tx, { today, now });
  let expiredOffers = 0;
  let offered = 0;
  const days = await listDaysWithRunOutOffers(tx, { today, now, limit: SWEEP_DAYS_PER_RUN });
  for (const day of days) {
    const link = await lockDoctorDays(tx, { ...day, dates: [day.date] });
    const outcome = await offerFreedSlots(deps, tx, { ...day, now, link });
    expiredOffers += outcome.expired;
    offered += outcome.offered;
  }
  return { expiredPast: pastDays, expiredOffers, offered };
}
