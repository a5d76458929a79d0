import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/query-tools';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctorAppointments, doctorDayLateness, doctors } from '../../db/schema';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';

// Queries of the live queue (docs/decisions/074-live-queue.md): reads only. The writers that move a visit (check-in,
// call, outcome, cancellation, booking, lateness) live in their own modules and name the doctor-day key.

/** The rep's own visit: where its day is; null when there is none of that id for this rep. */
export async function findRepVisitDay(db: DbOrTx, o: { id: number; repId: number }) {
  const [row] = await db
    .select({
      id: doctorAppointments.id,
      clinicId: doctorAppointments.clinicId,
      doctorId: doctorAppointments.doctorId,
      date: doctorAppointments.appointmentDate,
    })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .limit(1);
  return row ?? null;
}

const dayVisitColumns = {
  id: doctorAppointments.id,
  doctorId: doctorAppointments.doctorId,
  startTime: doctorAppointments.startTime,
  bookedAt: doctorAppointments.bookedAt,
  status: doctorAppointments.status,
  checkedInAt: isoInstant(doctorAppointments.checkedInAt),
  calledAt: isoInstant(doctorAppointments.calledAt),
  outcomeAt: isoInstant(doctorAppointments.outcomeAt),
};

/** Every visit of the doctor's day at the clinic, any status (the estimate needs the done ones for the pace). */
export async function listDayVisits(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string }) {
  return db
    .select(dayVisitColumns)
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.clinicId, o.clinicId), eq(doctorAppointments.doctorId, o.doctorId), eq(doctorAppointments.appointmentDate, o.date)));
}

/** Every visit of the clinic's day, for the board. */
export async function listClinicDayVisits(db: DbOrTx, o: { clinicId: number; date: string }) {
  return db
    .select(dayVisitColumns)
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.clinicId, o.clinicId), eq(doctorAppointments.appointmentDate, o.date)));
}

/** The visit length of the doctor at the clinic (the default once the settings are gone). */
export async function findSlotMinutes(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<number> {
  const [row] = await db
    .select({ slotMinutes: clinicDoctorSettings.slotMinutes })
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, o.clinicId), eq(clinicDoctorSettings.doctorId, o.doctorId)))
    .limit(1);
  return row?.slotMinutes ?? SLOT_MINUTES.default;
}

/** The doctors' lateness at the clinic that day, minutes by doctor id (none: on time). */
export async function findLateness(db: DbOrTx, o: { clinicId: number; date: string; doctorIds: readonly number[] }): Promise<Map<number, number>> {
  if (o.doctorIds.length === 0) return new Map();
  const rows = await db
    .select({ doctorId: doctorDayLateness.doctorId, minutes: doctorDayLateness.minutes })
    .from(doctorDayLateness)
    .where(and(eq(doctorDayLateness.clinicId, o.clinicId), eq(doctorDayLateness.date, o.date), inArray(doctorDayLateness.doctorId, [...o.doctorIds])));
  return new Map(rows.map((r) => [r.doctorId, r.minutes]));
}

/** The clinic's name, its account's language and its doctors (the name the clinic gave each), in the order they were added. */
export async function findClinicDoctors(db: DbOrTx, clinicId: number) {
  const [clinic] = await db
    .select({ name: clinicUsers.clinicName, language: clinicUsers.language })
    .from(clinicUsers)
    .where(eq(clinicUsers.id, clinicId))
    .limit(1);
  const rows = await db
    .select({ doctorId: clinicDoctors.doctorId, name: doctors.name, settingsName: clinicDoctorSettings.doctorName })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .leftJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(eq(clinicDoctors.clinicId, clinicId))
    .orderBy(asc(clinicDoctors.id));
  return {
    clinicName: clinic?.name ?? '',
    language: clinic?.language ?? null,
    doctors: rows.map((r) => ({ doctorId: r.doctorId, name: r.settingsName ?? r.name })),
  };
}
