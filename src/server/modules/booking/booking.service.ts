import type { Deps } from '../../deps';
import type { ErrorCode } from '../../../shared/errors';
import type { Message } from '../../../shared/i18n/message';
import { BOOKING_MESSAGES, canRepCancel } from '../../../shared/booking/booking-rules';
import { todayInIndia } from '../../../shared/dates';
import type { BookAppointment, BookedAppointment, RepAppointment } from '../../../shared/schemas/booking';
import { AppError, badRequest, isUniqueViolation, notFound, unauthorized } from '../../errors';
import { withWrite } from '../../db/write';
import { offerFreedSlots } from './waitlist-offers.service';
import { repCancellationMail } from './booking-mail';
import { readRepAppointments } from './booking-reads.service';
import {
  AVAILABILITY_NOT_FOUND,
  APPOINTMENT_NOT_FOUND,
  alreadyBooked,
  assertSubscribed,
  lockBookingRep,
  lockDoctorDays,
  placeVisit,
} from './booking-day.service';
import { cancelByRep, findIdempotentAnswer, findRepAppointment, lockRep, saveIdempotentAnswer } from './booking.repo';
import { accountLocale } from '../../i18n';

export type BookingDeps = Deps;

export const IDEMPOTENCY_KEY_REUSED = /*i18n*/ 'This Idempotency-Key was already used for a different booking.';

// The message as its descriptor (docs/decisions/068), stored so for a replay; an answer stored before as its English.
type AnswerBody = { message: string | Message; code?: ErrorCode; appointment?: BookedAppointment };
export interface BookingAnswer {
  statusCode: number;
  body: AnswerBody;
  /** true when the answer is the stored first answer to the same Idempotency-Key */
  replayed: boolean;
}
/** What idempotency_keys.response_body holds: the answer and which booking it answered. */
type StoredAnswer = { body: AnswerBody; request: string };

const fingerprint = (i: BookAppointment) => `${i.doctorId}:${i.clinicId}:${i.appointmentDate}${i.startTime ? `@${i.startTime}` : ''}`;

function replay(row: { statusCode: number; responseBody: unknown }, input: BookAppointment): BookingAnswer {
  const stored = row.responseBody as StoredAnswer;
  if (stored.request !== fingerprint(input)) throw new AppError('idempotency_key_reused', IDEMPOTENCY_KEY_REUSED, 422);
  return { statusCode: row.statusCode, body: stored.body, replayed: true };
}

/**
 * spec part 2, 5: books a visit by every rule, in one transaction that locks the rep's row, then the
 * (clinic, doctor) settings row, then the doctor's day (the clinic's "cancel today's calls" takes that lock
 * too, and the day's closure is read after it); always in this order, so concurrent bookings queue instead of deadlocking
 * (booking-day.service.ts, shared with accepting a waitlist offer and rescheduling). The day's waitlist is settled first:
 * an offer whose hold ran out passes to the next in line, and running offers hold their slots (docs/decisions/043).
 * The partial unique index (rep, doctor, date) backs "one per date". The first answer to an Idempotency-Key (a booking
 * or a refusal by the rules) is stored in the same transaction and replayed (offline replay; decisions 008 and 010).
 */
export async function bookAppointment(deps: BookingDeps, o: { input: BookAppointment; idempotencyKey?: string }): Promise<BookingAnswer> {
  const { input, idempotencyKey: key } = o;
  const now = deps.clock.now();
  const date = input.appointmentDate;
  const { clinicId, doctorId } = input;
  // A replay is looked for once, under the rep's lock: a read before the transaction as well cost every first
  // booking with a key one more round trip, to spare a replay (rare: the offline queue's resend) a wait on its own
  // rep's row (docs/performance.md, The booking transaction).
  let answer: BookingAnswer;
  try {
    answer = await withWrite(deps, async (tx) => {
      const rep = await lockRep(tx, input.repId);
      if (!rep) throw unauthorized();
      if (key) {
        const prior = await findIdempotentAnswer(tx, { repId: input.repId, key });
        if (prior) return replay(prior, input);
      }
      assertSubscribed(rep, now);
      const link = await lockDoctorDays(tx, { clinicId, doctorId, dates: [date] });
      if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
      const { day } = await offerFreedSlots(deps, tx, { clinicId, doctorId, date, now, link, repId: rep.id });
      const placed = await placeVisit(deps, tx, { rep, link, day, repAppointments: day.repVisits, startTime: input.startTime, now });
      const answer: BookingAnswer =
        'refusal' in placed
          ? { ...placed.refusal, replayed: false }
          : { statusCode: 201, body: { message: BOOKING_MESSAGES.booked, appointment: placed.appointment }, replayed: false };
      if (key) {
        const stored: StoredAnswer = { body: answer.body, request: fingerprint(input) };
        await saveIdempotentAnswer(tx, { repId: input.repId, key, statusCode: answer.statusCode, responseBody: stored, now });
      }
      return answer;
    });
  } catch (err) {
    // A unique violation that slipped past the locks (an (rep, key) pair stored meanwhile, or a row written
    // outside this path) is a 409 or the stored answer, never a 500 (ARCHITECTURE rule 5).
    if (!isUniqueViolation(err)) throw err;
    const prior = key ? await findIdempotentAnswer(deps.db, { repId: input.repId, key }) : null;
    if (prior) return replay(prior, input);
    return { ...alreadyBooked, replayed: false };
  }
  if (answer.statusCode === 201 && !answer.replayed) {
    deps.metrics?.bookings.inc();
    deps.log.info({ repId: input.repId, appointmentId: answer.body.appointment?.id }, 'appointment booked');
  }
  return answer;
}

/** spec part 2, 3 and 5: the rep's own appointments, today or later, not cancelled, by date. */
export async function listRepAppointments(deps: BookingDeps, o: { repId: number }): Promise<RepAppointment[]> {
  const today = todayInIndia(deps.clock.now());
  return (await readRepAppointments(deps, o.repId)).filter((a) => a.appointment_date >= today);
}

/**
 * spec part 2, 4: the rep cancels an own booked appointment dated strictly after today; the slot is free again and
 * goes to the day's waitlist (docs/decisions/043). The booking's locks in the booking's order (rep, settings, day), so
 * the freed slot is offered before anyone else can book it.
 */
export async function cancelAppointment(deps: BookingDeps, o: { repId: number; appointmentId: number }): Promise<void> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const visit = await withWrite(deps, async (tx) => {
    const rep = await lockBookingRep(tx, { repId: o.repId, now, requireSubscription: false });
    const appointment = await findRepAppointment(tx, { id: o.appointmentId, repId: o.repId });
    if (!appointment) throw notFound(APPOINTMENT_NOT_FOUND);
    const may = canRepCancel({ date: appointment.appointment_date, status: appointment.status }, today);
    if (!may.ok) throw badRequest(may.message, 'cannot_cancel');
    const day = { clinicId: appointment.clinic_id, doctorId: appointment.doctor_id, date: appointment.appointment_date };
    const link = await lockDoctorDays(tx, { ...day, dates: [day.date] });
    if (!(await cancelByRep(tx, { id: appointment.id, now }))) throw badRequest(BOOKING_MESSAGES.cannotCancelCancelled, 'cannot_cancel');
    const a = appointment;
    await deps.outbox.queueEmail(
      tx,
      repCancellationMail(
        deps,
        {
          appointmentId: a.id,
          date: a.appointment_date,
          startTime: a.start_time,
          slotMinutes: a.slot_minutes,
          doctorName: a.doctor_name,
          doctorSpecialty: a.doctor_specialty,
          clinicName: a.clinic_name,
          clinicCity: a.clinic_city,
          clinicState: a.clinic_state,
          repName: rep.fullName,
          repEmail: rep.email,
          repId: rep.id,
          revision: a.revision,
          locale: accountLocale(rep.language),
        },
        now,
      ),
    );
    await offerFreedSlots(deps, tx, { ...day, now, link });
    return appointment;
  });
  deps.metrics?.cancellations.inc({ by: 'rep' });
  deps.log.info({ repId: o.repId, appointmentId: visit.id }, 'appointment cancelled by rep');
}
