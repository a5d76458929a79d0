import { eq } from 'drizzle-orm';
import { doctorAppointments } from '../../db/schema';
import { badRequest } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { todayInIndia } from '../../../shared/dates';
import type { CancelTodayCalls, ClinicAppointment } from '../../../shared/schemas/clinic';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from './access';
import { cancellationCalendarFile } from './cancellation-calendar';
import { cancellationMail } from './clinic-mail';
import { closeDoctorDay } from './day-closures.repo';

// What other modules may use of the day closures, through this service (ARCHITECTURE rule 16).
export { listClosedDates } from './day-closures.repo';
import { lockDoctorDay } from './doctor-day-lock';
import { cancelActiveAppointments, listClinicAppointments } from './visitors.repo';

export const ONLY_TODAY = "Only today's calls can be cancelled.";

/**
 * The clinic's appointments of one of its doctors: on `date`, or every appointment from today on when no
 * date is given (spec part 1, 7: date optional).
 */
export async function listDoctorAppointmentsForClinic(
  deps: ClinicDeps,
  o: { actor: Actor; doctorId: number; clinicId?: number; date?: string },
): Promise<ClinicAppointment[]> {
  const clinicId = o.clinicId ?? o.actor.id;
  assertOwnClinic(o.actor, clinicId);
  await requireLinkedDoctor(deps.db, clinicId, o.doctorId);
  return listClinicAppointments(deps.db, { clinicId, doctorId: o.doctorId, date: o.date, fromDate: todayInIndia(deps.clock.now()) });
}

/**
 * spec part 1, 4: cancels, in one transaction, every active appointment of the doctor at the clinic dated
 * today (Indian time), keeping the reason and who cancelled; each rep is e-mailed the reason after commit.
 * The day is then closed to new bookings of this doctor at this clinic (a doctor_day_closures row written in the
 * same transaction, under the same day lock the booking takes).
 */
export async function cancelTodayCalls(
  deps: ClinicDeps,
  o: { actor: Actor; input: CancelTodayCalls },
): Promise<{ cancelledCount: number; emailsSent: number }> {
  const { clinicId, doctorId, date, reason } = o.input;
  assertOwnClinic(o.actor, clinicId);
  const now = deps.clock.now();
  if (date !== todayInIndia(now)) throw badRequest(ONLY_TODAY, 'not_today');
  const visits = await deps.db.transaction(async (tx) => {
    await requireLinkedDoctor(tx, clinicId, doctorId);
    await lockDoctorDay(tx, { clinicId, doctorId, date });
    await closeDoctorDay(tx, { clinicId, doctorId, date, reason, now });
    return cancelActiveAppointments(tx, { clinicId, doctorId, reason, now, dateCondition: eq(doctorAppointments.appointmentDate, date) });
  });
  let emailsSent = 0;
  for (const visit of visits) {
    if ((await deps.mailer.send(cancellationMail(visit, reason, cancellationCalendarFile(deps, visit, deps.clock.now())))).ok) emailsSent++;
  }
  deps.log.info({ clinicId, doctorId, cancelledCount: visits.length, emailsSent }, 'clinic cancelled today calls');
  return { cancelledCount: visits.length, emailsSent };
}
