import type { Deps } from '../../deps';
import type { ErrorCode } from '../../../shared/errors';
import {
  BOOKING_MESSAGES,
  canRepCancel,
  checkBooking,
  checkVisitTime,
  normalizeAvailableDays,
  type BookingContext,
} from '../../../shared/booking/booking-rules';
import { VISIT_TIME_MESSAGES, visitTokens } from '../../../shared/booking/visit-windows';
import { timeInIndia, todayInIndia } from '../../../shared/dates';
import type { BookAppointment, BookedAppointment, RepAppointment } from '../../../shared/schemas/booking';
import { isSubscriptionActive, SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../shared/subscription/subscription-status';
import { AppError, badRequest, isUniqueViolation, notFound, unauthorized } from '../../errors';
import { listClosedDates } from '../clinics/visitors.service';
import { listDoctorAbsences } from '../clinics/leave.service';
import { lockDoctorDay } from '../clinics/doctor-day-lock';
import { findBookableSettings } from '../directory/directory.service';
import { appointmentKeys } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { bookingConfirmationMail, repCancellationMail } from './booking-mail';
import { readRepAppointments } from './booking-reads.service';
import {
  cancelByRep,
  findIdempotentAnswer,
  findRepAppointment,
  insertAppointment,
  isVisitTimeTaken,
  listDoctorAppointmentsBetween,
  listRepAppointmentsWithDoctor,
  lockDoctorSettings,
  lockRep,
  saveIdempotentAnswer,
} from './booking.repo';

export type BookingDeps = Deps;

export const AVAILABILITY_NOT_FOUND = 'Doctor availability not found';
export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different booking.';

type AnswerBody = { message: string; code?: ErrorCode; appointment?: BookedAppointment };
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
 * Inserts the visit; null when the rep already has one with the doctor that date, 'time_taken' when the visit
 * time's unique index holds another rep's (the index, not the check before it, keeps one rep per time).
 */
async function insertVisit(tx: Parameters<typeof insertAppointment>[0], o: Parameters<typeof insertAppointment>[1]) {
  const row = await insertAppointment(tx, o);
  if (row || o.startTime === null) return row;
  return (await isVisitTimeTaken(tx, { clinicId: o.clinicId, doctorId: o.doctorId, date: o.date, startTime: o.startTime })) ? ('time_taken' as const) : null;
}

/**
 * spec part 2, 5: books a visit by every rule, in one transaction that locks the rep's row, then the
 * (clinic, doctor) settings row, then the doctor's day (the clinic's "cancel today's calls" takes that lock
 * too, and the day's closure is read after it); always in this order, so concurrent bookings queue instead of deadlocking. The partial unique index
 * (rep, doctor, date) backs "one per date". The first answer to an Idempotency-Key (a booking or a refusal
 * by the rules) is stored in the same transaction and replayed (offline replay; decisions 008 and 010).
 */
export async function bookAppointment(deps: BookingDeps, o: { input: BookAppointment; idempotencyKey?: string }): Promise<BookingAnswer> {
  const { input, idempotencyKey: key } = o;
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const date = input.appointmentDate;
  if (key) {
    const prior = await findIdempotentAnswer(deps.db, { repId: input.repId, key });
    if (prior) return replay(prior, input);
  }
  let outcome: { answer: BookingAnswer; booked?: boolean };
  try {
    outcome = await invalidatingTransaction(deps.db, async (tx, changed) => {
      const rep = await lockRep(tx, input.repId);
      if (!rep) throw unauthorized();
      if (key) {
        const prior = await findIdempotentAnswer(tx, { repId: input.repId, key });
        if (prior) return { answer: replay(prior, input) };
      }
      if (!isSubscriptionActive({ status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now })) {
        throw new AppError('subscription_required', SUBSCRIPTION_REQUIRED_MESSAGE, 402);
      }
      const locked = await lockDoctorSettings(tx, input);
      const link = locked ? await findBookableSettings(tx, input) : null;
      if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
      await lockDoctorDay(tx, { clinicId: input.clinicId, doctorId: input.doctorId, date });

      const [doctorAppointments, repAppointments, closedDates] = [
        await listDoctorAppointmentsBetween(tx, { clinicId: input.clinicId, doctorId: input.doctorId, from: date, to: date }),
        await listRepAppointmentsWithDoctor(tx, { repId: input.repId, doctorId: input.doctorId }),
        await listClosedDates(tx, { clinicId: input.clinicId, doctorId: input.doctorId, from: date, to: date }),
      ];
      // Read after the settings row lock, which adding an absence takes too (docs/decisions/040).
      const absences = await listDoctorAbsences(tx, { clinicId: input.clinicId, doctorId: input.doctorId, from: date, to: date });
      const settings = {
        maxSlots: link.maxSlots,
        callFrequency: link.callFrequency,
        availableDays: normalizeAvailableDays(link.availableDays),
        visitWindows: link.visitWindows,
        slotMinutes: link.slotMinutes,
      };
      const horizonDays = deps.config.BOOKING_HORIZON_DAYS;
      const ctx: BookingContext = {
        settings,
        clinicId: input.clinicId,
        doctorAppointments,
        repAppointments,
        today,
        closedDates,
        absences,
        horizonDays,
        nowTime: timeInIndia(now),
      };
      // The day's rules first (the spec's refusals), then the visit time (docs/decisions/039).
      const dayCheck = checkBooking(ctx, date);
      const timeCheck = dayCheck.ok ? checkVisitTime(ctx, date, input.startTime) : null;
      const refusal = !dayCheck.ok
        ? { statusCode: dayCheck.status, body: { message: dayCheck.message, code: dayCheck.reason } }
        : timeCheck && !timeCheck.ok
          ? { statusCode: timeCheck.status, body: { message: timeCheck.message, code: timeCheck.code } }
          : null;

      let answer: BookingAnswer;
      const row = refusal ? null : await insertVisit(tx, { ...input, date, startTime: input.startTime ?? null, now });
      if (refusal) {
        answer = { ...refusal, replayed: false };
      } else if (row === 'time_taken') {
        answer = { statusCode: 409, body: { message: VISIT_TIME_MESSAGES.taken, code: 'visit_time_taken' }, replayed: false };
      } else if (!row) {
        answer = { statusCode: 409, body: { message: BOOKING_MESSAGES.alreadyBookedOnDate, code: 'already_booked' }, replayed: false };
      } else {
        changed.add(...appointmentKeys({ repId: row.repId, clinicId: row.clinicId, doctorId: row.doctorId, date: row.appointmentDate }));
        const token =
          visitTokens([...doctorAppointments, { id: row.id, startTime: row.startTime, bookedAt: row.bookedAt, status: row.status }]).get(row.id) ?? null;
        const appointment: BookedAppointment = {
          id: row.id,
          appointment_date: row.appointmentDate,
          start_time: row.startTime,
          token,
          status: row.status,
          doctor_id: row.doctorId,
          doctor_name: link.doctorName,
          clinic_id: row.clinicId,
          clinic_name: link.clinicName,
          rep_id: row.repId,
          booked_at: row.bookedAt.toISOString(),
        };
        answer = { statusCode: 201, body: { message: BOOKING_MESSAGES.booked, appointment }, replayed: false };
        await deps.outbox.queueEmail(
          tx,
          bookingConfirmationMail(
            deps,
            {
              appointmentId: row.id,
              date,
              startTime: row.startTime,
              slotMinutes: link.slotMinutes,
              token,
              doctorName: link.doctorName,
              doctorSpecialty: link.specialty,
              clinicName: link.clinicName,
              clinicCity: link.city,
              clinicState: link.state,
              repName: rep.fullName,
              repEmail: rep.email,
              repId: rep.id,
              requiresApproval: link.requiresApproval,
            },
            now,
          ),
        );
      }
      if (key) {
        const stored: StoredAnswer = { body: answer.body, request: fingerprint(input) };
        await saveIdempotentAnswer(tx, { repId: input.repId, key, statusCode: answer.statusCode, responseBody: stored, now });
      }
      return { answer, booked: !!row && row !== 'time_taken' };
    });
  } catch (err) {
    // A unique violation that slipped past the locks (an (rep, key) pair stored meanwhile, or a row written
    // outside this path) is a 409 or the stored answer, never a 500 (ARCHITECTURE rule 5).
    if (!isUniqueViolation(err)) throw err;
    const prior = key ? await findIdempotentAnswer(deps.db, { repId: input.repId, key }) : null;
    if (prior) return replay(prior, input);
    return { statusCode: 409, body: { message: BOOKING_MESSAGES.alreadyBookedOnDate, code: 'already_booked' }, replayed: false };
  }
  if (outcome.booked) deps.log.info({ repId: input.repId, appointmentId: outcome.answer.body.appointment?.id }, 'appointment booked');
  return outcome.answer;
}

/** spec part 2, 3 and 5: the rep's own appointments, today or later, not cancelled, by date. */
export async function listRepAppointments(deps: BookingDeps, o: { repId: number }): Promise<RepAppointment[]> {
  const today = todayInIndia(deps.clock.now());
  return (await readRepAppointments(deps, o.repId)).filter((a) => a.appointment_date >= today);
}

/** spec part 2, 4: the rep cancels an own booked appointment dated strictly after today; the slot is free again. */
export async function cancelAppointment(deps: BookingDeps, o: { repId: number; appointmentId: number }): Promise<void> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const visit = await invalidatingTransaction(deps.db, async (tx, changed) => {
    const rep = await lockRep(tx, o.repId);
    if (!rep) throw unauthorized();
    const appointment = await findRepAppointment(tx, { id: o.appointmentId, repId: o.repId });
    if (!appointment) throw notFound(APPOINTMENT_NOT_FOUND);
    const may = canRepCancel({ date: appointment.appointment_date, status: appointment.status }, today);
    if (!may.ok) throw badRequest(may.message, 'cannot_cancel');
    if (!(await cancelByRep(tx, { id: appointment.id, now }))) throw badRequest(BOOKING_MESSAGES.cannotCancelCancelled, 'cannot_cancel');
    changed.add(...appointmentKeys({ repId: o.repId, clinicId: appointment.clinic_id, doctorId: appointment.doctor_id, date: appointment.appointment_date }));
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
        },
        now,
      ),
    );
    return appointment;
  });
  deps.log.info({ repId: o.repId, appointmentId: visit.id }, 'appointment cancelled by rep');
}
