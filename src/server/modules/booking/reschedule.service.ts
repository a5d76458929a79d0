import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, badRequest, notFound } from '../../errors';
import { canRepReschedule, RESCHEDULE_MESSAGES } from '../../../shared/booking/waitlist';
import { todayInIndia } from '../../../shared/dates';
import type { BookedAppointment } from '../../../shared/schemas/booking';
import type { Reschedule } from '../../../shared/schemas/waitlist';
import { offerFreedSlots } from './waitlist-offers.service';
import {
  alreadyBooked,
  APPOINTMENT_NOT_FOUND,
  AVAILABILITY_NOT_FOUND,
  bookedAppointmentOf,
  dayContext,
  judgeVisit,
  lockBookingRep,
  lockDoctorDays,
  moveVisit,
  visitTimeTaken,
  visitMailDetails,
  type Refusal,
} from './booking-day.service';
import { rescheduledMail } from './booking-mail';
import { findRepAppointment, lockRepAppointment } from './booking.repo';

// The rep moves a visit to another date or time with the same doctor at the same clinic (docs/decisions/043).

/**
 * POST /api/appointments/:id/reschedule. In one transaction, with the booking's locks in the booking's order (the rep,
 * the settings row, then the old and the new day in date order: both under the settings row, so two moves never wait
 * on each other crosswise), the visit moves if every booking rule allows the new date and time, judged as if the visit
 * did not exist (withoutVisit) and with the running waitlist holds counted. The same row keeps its id: one revision more
 * (the calendar file's SEQUENCE), booked again where the clinic confirms each visit, no check-in carried over. The old
 * day's freed slot is offered to its waitlist in the same transaction. A refusal is the booking's answer and leaves the
 * visit as it was. Rescheduling books a day, so it needs an active subscription like booking.
 */
export async function rescheduleAppointment(deps: Deps, o: { repId: number; appointmentId: number; input: Reschedule }): Promise<BookedAppointment> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const date = o.input.appointmentDate;
  const startTime = o.input.startTime ?? null;
  const outcome = await withWrite(deps, async (tx): Promise<{ refusal: Refusal } | { appointment: BookedAppointment }> => {
    const rep = await lockBookingRep(tx, { repId: o.repId, now, requireSubscription: true });
    const visit = await findRepAppointment(tx, { id: o.appointmentId, repId: o.repId });
    if (!visit) throw notFound(APPOINTMENT_NOT_FOUND);
    const may = canRepReschedule({ date: visit.appointment_date, status: visit.status }, today);
    if (!may.ok) throw badRequest(may.message, 'cannot_reschedule');
    if (date === visit.appointment_date && startTime === visit.start_time) throw badRequest(RESCHEDULE_MESSAGES.sameDay, 'same_visit');
    const { clinic_id: clinicId, doctor_id: doctorId } = visit;
    const link = await lockDoctorDays(tx, { clinicId, doctorId, dates: [visit.appointment_date, date] });
    if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
    // Read again under the day locks: the clinic's decline takes the old day's lock before the row's.
    const locked = await lockRepAppointment(tx, { id: visit.id, repId: o.repId });
    const still = locked ? canRepReschedule({ date: locked.date, status: locked.status }, today) : null;
    if (!locked || !still) throw notFound(APPOINTMENT_NOT_FOUND);
    if (!still.ok) throw badRequest(still.message, 'cannot_reschedule');

    const { day } = await offerFreedSlots(deps, tx, { clinicId, doctorId, date, now, link, repId: o.repId });
    const repAppointments = day.repVisits;
    const moved = { date: locked.date, repId: o.repId, clinicId };
    const refusal = judgeVisit(dayContext(deps, { link, day, repAppointments, now, moved }), date, o.input.startTime);
    if (refusal) return { refusal };
    const row = await moveVisit(tx, { id: visit.id, clinicId, doctorId, date, startTime, backToBooked: link.requiresApproval, now });
    if (row === 'time_taken') return { refusal: visitTimeTaken };
    if (!row) return { refusal: alreadyBooked };

    const appointment = bookedAppointmentOf(row, link, day.visits);
    await deps.outbox.queueEmail(
      tx,
      rescheduledMail(deps, { ...visitMailDetails(row, link, rep, appointment.token), previousDate: locked.date, previousStartTime: locked.startTime }, now),
    );
    // The old day's slot is free: its line is offered it now (a time change within a day frees no slot).
    if (locked.date !== date) await offerFreedSlots(deps, tx, { clinicId, doctorId, date: locked.date, now, link });
    return { appointment };
  });
  if ('refusal' in outcome) throw new AppError(outcome.refusal.body.code, outcome.refusal.body.message, outcome.refusal.statusCode);
  deps.log.info({ repId: o.repId, appointmentId: o.appointmentId }, 'appointment rescheduled by rep');
  return outcome.appointment;
}
