import { sql } from 'drizzle-orm';
import { isoInstant } from './query-tools';
import { doctorAppointments, medicalReps } from './schema';

// The day's order (docs/decisions/039): a visit's token is its place among the doctor's visits that day at the
// clinic that are not cancelled, by time (a visit without one after the timed ones), then booking time, then id;
// the same order as visitTokens in src/shared/booking/visit-windows.ts. Read where the visit is listed, so a
// later booking of an earlier time moves the token with it. One probe of the (clinic, doctor, date) index.

const a = doctorAppointments;
const LAST = '99:99';

/** The token of the row of `doctor_appointments` the query selects; null for a cancelled visit. */
export const visitToken = sql<number | null>`case when ${a.status} = 'cancelled' then null else (
  select count(*)::int + 1 from doctor_appointments o
  where o.clinic_id = ${a.clinicId} and o.doctor_id = ${a.doctorId} and o.appointment_date = ${a.appointmentDate}
    and o.status <> 'cancelled'
    and (coalesce(o.start_time, ${LAST}), o.booked_at, o.id) < (coalesce(${a.startTime}, ${LAST}), ${a.bookedAt}, ${a.id})
) end`;

/** ORDER BY terms of the day's order, for lists of one doctor's days. */
export const visitOrderBy = [a.appointmentDate, sql`coalesce(${a.startTime}, ${LAST})`, a.bookedAt, a.id] as const;

/**
 * The clinic's view of a visit (spec part 1, 3: Appointment, clinic view), with its token and check-in time
 * (decisions 039 and 041): the columns of a query of doctor_appointments joined to medical_reps.
 */
export const clinicVisitColumns = {
  id: a.id,
  appointment_date: a.appointmentDate,
  start_time: a.startTime,
  token: visitToken,
  rep_id: a.repId,
  doctor_id: a.doctorId,
  clinic_id: a.clinicId,
  rep_name: medicalReps.fullName,
  company_name: medicalReps.company,
  contact_number: medicalReps.phone,
  status: a.status,
  checked_in_at: isoInstant(a.checkedInAt),
  check_in_received_at: isoInstant(a.checkInReceivedAt),
  outcome_at: isoInstant(a.outcomeAt),
  outcome_by: a.outcomeBy,
  requires_approval: a.awaitsConfirmation,
};
