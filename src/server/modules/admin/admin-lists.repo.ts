import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminAppointmentsFilter } from '../../../shared/schemas/admin';
import type { Db } from '../../db/client';
import { containing } from '../../db/like-pattern';
import { clinicDoctors, clinicUsers, companyAccounts, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import { visitToken } from '../../db/visit-order';

// The admin lists' queries (docs/decisions/022): each reads one page after a keyset position, in the order of an
// index, with the screen's filters in the query. `filtered*` are the same joins and filters without order or
// limit, for counting the total.

// --- medical reps (the Medical Reps and Subscriptions tabs): newest account first, by id -----------------

const repMatches = (q: string | undefined) => (q ? or(ilike(medicalReps.fullName, containing(q)), ilike(medicalReps.email, containing(q))) : undefined);

export function queryRepsPage(db: Db, o: { q?: string; beforeId?: number; limit: number }) {
  return db
    .select({
      id: medicalReps.id,
      fullName: medicalReps.fullName,
      email: medicalReps.email,
      status: medicalReps.status,
      company: medicalReps.company,
      phone: medicalReps.phone,
      state: medicalReps.state,
      subscriptionId: medicalReps.subscriptionId,
      subscriptionStatus: medicalReps.subscriptionStatus,
      subscriptionExpiresAt: medicalReps.subscriptionExpiresAt,
      createdAt: medicalReps.createdAt,
    })
    .from(medicalReps)
    .where(and(repMatches(o.q), o.beforeId === undefined ? undefined : lt(medicalReps.id, o.beforeId)))
    .orderBy(desc(medicalReps.id))
    .limit(o.limit);
}
export type RepRow = Awaited<ReturnType<typeof queryRepsPage>>[number];

export const filteredReps = (db: Db, o: { q?: string }) =>
  db
    .select({ one: sql`1` })
    .from(medicalReps)
    .where(repMatches(o.q));

// --- clinics (the Clinics tab): newest account first, by id -------------------------------------------------

const clinicMatches = (q: string | undefined) =>
  q ? or(ilike(clinicUsers.clinicName, containing(q)), ilike(clinicUsers.email, containing(q)), ilike(clinicUsers.contactPerson, containing(q))) : undefined;

export function queryClinicsPage(db: Db, o: { q?: string; beforeId?: number; limit: number }) {
  return db
    .select({
      id: clinicUsers.id,
      clinicName: clinicUsers.clinicName,
      email: clinicUsers.email,
      status: clinicUsers.status,
      contactPerson: clinicUsers.contactPerson,
      contactNumber: clinicUsers.contactNumber,
      state: clinicUsers.state,
      city: clinicUsers.city,
      createdAt: clinicUsers.createdAt,
    })
    .from(clinicUsers)
    .where(and(clinicMatches(o.q), o.beforeId === undefined ? undefined : lt(clinicUsers.id, o.beforeId)))
    .orderBy(desc(clinicUsers.id))
    .limit(o.limit);
}
export type ClinicRow = Awaited<ReturnType<typeof queryClinicsPage>>[number];

export const filteredClinics = (db: Db, o: { q?: string }) =>
  db
    .select({ one: sql`1` })
    .from(clinicUsers)
    .where(clinicMatches(o.q));

// --- pharma companies (docs/decisions/087-company-accounts.md): newest account first, by id --------------------

const companyMatches = (q: string | undefined) =>
  q
    ? or(ilike(companyAccounts.companyName, containing(q)), ilike(companyAccounts.email, containing(q)), ilike(companyAccounts.contactName, containing(q)))
    : undefined;

export function queryCompaniesPage(db: Db, o: { q?: string; beforeId?: number; limit: number }) {
  return db
    .select({
      id: companyAccounts.id,
      companyName: companyAccounts.companyName,
      contactName: companyAccounts.contactName,
      email: companyAccounts.email,
      phone: companyAccounts.phone,
      gstin: companyAccounts.gstin,
      status: companyAccounts.status,
      verified: companyAccounts.verified,
      createdAt: companyAccounts.createdAt,
    })
    .from(companyAccounts)
    .where(and(companyMatches(o.q), o.beforeId === undefined ? undefined : lt(companyAccounts.id, o.beforeId)))
    .orderBy(desc(companyAccounts.id))
    .limit(o.limit);
}
export type CompanyRow = Awaited<ReturnType<typeof queryCompaniesPage>>[number];

export const filteredCompanies = (db: Db, o: { q?: string }) =>
  db
    .select({ one: sql`1` })
    .from(companyAccounts)
    .where(companyMatches(o.q));

// --- doctors at clinics (the Doctors tab): by doctor name, then doctor, then link ---------------------------

/** Doctor name, specialty, clinic name or clinic e-mail containing the text (the tab's search). */
const doctorLinkMatches = (q: string | undefined) =>
  q
    ? or(
        ilike(doctors.name, containing(q)),
        ilike(doctors.specialty, containing(q)),
        ilike(clinicUsers.clinicName, containing(q)),
        ilike(clinicUsers.email, containing(q)),
      )
    : undefined;

export interface DoctorLinkKey {
  name: string;
  doctorId: number;
  linkId: number;
}

/**
 * `(name, doctor) >= (n, d)` is the part an index on doctors (name, id) can start from; the link id orders the
 * clinics of one doctor.
 */
const afterDoctorLink = (k: DoctorLinkKey): SQL =>
  sql`(${doctors.name}, ${doctors.id}) >= (${k.name}::text, ${k.doctorId}::int)
    and ((${doctors.name}, ${doctors.id}) > (${k.name}::text, ${k.doctorId}::int) or ${clinicDoctors.id} > ${k.linkId}::int)`;

export function queryDoctorLinksPage(db: Db, o: { q?: string; after?: DoctorLinkKey; limit: number }) {
  return db
    .select({
      id: clinicDoctors.id,
      doctor_id: doctors.id,
      name: doctors.name,
      specialty: doctors.specialty,
      city: doctors.city,
      state: doctors.state,
      clinic_name: clinicUsers.clinicName,
      clinic_email: clinicUsers.email,
      clinic_phone: clinicUsers.contactNumber,
      contact_person: clinicUsers.contactPerson,
    })
    .from(doctors)
    .innerJoin(clinicDoctors, eq(clinicDoctors.doctorId, doctors.id))
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicDoctors.clinicId))
    .where(and(doctorLinkMatches(o.q), o.after ? afterDoctorLink(o.after) : undefined))
    .orderBy(asc(doctors.name), asc(doctors.id), asc(clinicDoctors.id))
    .limit(o.limit);
}

export const filteredDoctorLinks = (db: Db, o: { q?: string }) =>
  db
    .select({ one: sql`1` })
    .from(doctors)
    .innerJoin(clinicDoctors, eq(clinicDoctors.doctorId, doctors.id))
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicDoctors.clinicId))
    .where(doctorLinkMatches(o.q));

// --- appointments (the Appointments tab): latest appointment date first, then latest id --------------------

const appointmentMatches = (f: AdminAppointmentsFilter) =>
  and(
    f.doctor ? ilike(doctors.name, containing(f.doctor)) : undefined,
    f.from ? gte(doctorAppointments.appointmentDate, f.from) : undefined,
    f.to ? lte(doctorAppointments.appointmentDate, f.to) : undefined,
    f.status ? eq(doctorAppointments.status, f.status) : undefined,
  );

export interface AppointmentKey {
  date: string;
  id: number;
}

const beforeAppointment = (k: AppointmentKey): SQL => sql`(${doctorAppointments.appointmentDate}, ${doctorAppointments.id}) < (${k.date}::date, ${k.id}::int)`;

export function queryAppointmentsPage(db: Db, o: { filter: AdminAppointmentsFilter; before?: AppointmentKey; limit: number }) {
  return db
    .select({
      id: doctorAppointments.id,
      appointment_date: doctorAppointments.appointmentDate,
      start_time: doctorAppointments.startTime,
      token: visitToken,
      status: doctorAppointments.status,
      cancel_reason: doctorAppointments.cancelReason,
      doctor_name: doctors.name,
      specialty: doctors.specialty,
      clinic_name: clinicUsers.clinicName,
      rep_name: medicalReps.fullName,
      company: medicalReps.company,
      rep_phone: medicalReps.phone,
      booked_at: doctorAppointments.bookedAt,
    })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .where(and(appointmentMatches(o.filter), o.before ? beforeAppointment(o.before) : undefined))
    .orderBy(desc(doctorAppointments.appointmentDate), desc(doctorAppointments.id))
    .limit(o.limit);
}
export type AppointmentRow = Awaited<ReturnType<typeof queryAppointmentsPage>>[number];

/** The doctor is joined only when the filter names one: the other filters read the appointments alone. */
export const filteredAppointments = (db: Db, o: { filter: AdminAppointmentsFilter }) => {
  const base = db.select({ one: sql`1` }).from(doctorAppointments);
  return (o.filter.doctor ? base.innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId)) : base).where(appointmentMatches(o.filter));
};
