import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  clinicAbsences,
  clinicDoctorSettings,
  clinicDoctors,
  clinicMembers,
  doctorAccountLinks,
  doctorAccounts,
  subscriptionOrders,
  waitlistEntries,
} from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import { todayInIndia } from '../../../shared/dates';
import { createAppointment, createClinic, createCompany, createDoctor, createSubscribedRep, sessionCookie } from '../factories';

// Shared by the security suites: the app's API routes as registered, and a small world of two
// clinics and two reps with doctors, an appointment and an order, with a session for every actor.

export const ACTORS = ['nobody', 'repA', 'repB', 'clinicA', 'clinicB', 'admin'] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * The clinics' team members (docs/decisions/072-clinic-team.md), called by the access matrix: clinic A's manager and
 * receptionist, clinic B's manager, and a deactivated member of clinic A (whose session answers 401); and the doctors'
 * own logins (docs/decisions/073-doctor-accounts.md): clinic A's doctor, and the doctor of another clinic (B); and a
 * pharma company's account (docs/decisions/087-company-accounts.md). A new kind of actor is added here and in
 * access-table.ts LIKE.
 */
export const TEAM_ACTORS = ['managerA', 'receptionA', 'staffB', 'deactivatedA', 'doctorOfA', 'doctorOfB', 'companyA'] as const;
export type TeamActorName = (typeof TEAM_ACTORS)[number];
export type AnyActorName = ActorName | TeamActorName;
export const ALL_ACTORS: readonly AnyActorName[] = [...ACTORS, ...TEAM_ACTORS];

/** "METHOD /api/path" of every API route, as Fastify registered them, and the operator's /metrics (when METRICS_TOKEN is set). */
export function apiRoutes(app: FastifyInstance): string[] {
  return [...new Set(app.routeList.filter((r) => r.url.startsWith('/api') || r.url === '/metrics').map((r) => `${r.method} ${r.url}`))].sort();
}

/** A date a few days after the test clock's Monday 2026-03-02 (a Thursday, a working day). */
export const FUTURE_DAY = '2026-03-05';
export const BOOK_DAY = '2026-03-04';

export async function buildWorld(app: FastifyInstance) {
  const db = app.db;
  const clinicA = await createClinic(db);
  const clinicB = await createClinic(db);
  const doctorA = await createDoctor(db, clinicA.id);
  const doctorA2 = await createDoctor(db, clinicA.id);
  const doctorB = await createDoctor(db, clinicB.id);
  const repA = await createSubscribedRep(db);
  const repB = await createSubscribedRep(db);
  const companyA = await createCompany(db);
  const appointment = await createAppointment(db, {
    doctorId: doctorA2.id,
    clinicId: clinicA.id,
    repId: repA.id,
    appointmentDate: FUTURE_DAY,
    status: 'booked',
  });
  // Rep A's visit of today at clinic A, checked in at reception: its proof of visit (docs/decisions/041).
  const checkedIn = await createAppointment(db, {
    doctorId: doctorA2.id,
    clinicId: clinicA.id,
    repId: repA.id,
    appointmentDate: todayInIndia(app.clock.now()),
    status: 'booked',
    checkedInAt: app.clock.now(),
  });
  const [linkA] = await db
    .select({ id: clinicDoctors.id })
    .from(clinicDoctors)
    .where(and(eq(clinicDoctors.clinicId, clinicA.id), eq(clinicDoctors.doctorId, doctorA.id)));
  // Clinic A's planned absence, far from the days above (docs/decisions/040).
  const [absenceA] = await db
    .insert(clinicAbsences)
    .values({ clinicId: clinicA.id, doctorId: doctorA.id, fromDate: '2026-06-01', toDate: '2026-06-03', reason: 'Annual leave' })
    .returning({ id: clinicAbsences.id });
  // Rep A waiting in the line of a day of doctor A at clinic A (docs/decisions/043).
  const [waitlistEntry] = await db
    .insert(waitlistEntries)
    .values({ repId: repA.id, doctorId: doctorA.id, clinicId: clinicA.id, date: FUTURE_DAY, status: 'waiting' })
    .returning({ id: waitlistEntries.id });
  const member = async (clinicId: number, role: 'manager' | 'reception', status: 'active' | 'inactive') => {
    const [row] = await db
      .insert(clinicMembers)
      .values({ clinicId, name: `Staff ${role}`, email: `staff-${randomBytes(5).toString('hex')}@example.com`, role, status, passwordHash: 'x' })
      .returning({ id: clinicMembers.id });
    team[`${clinicId}:${role}:${status}`] = row!.id;
    return sessionCookie(app, 'clinic', clinicId, { memberId: row!.id });
  };
  const team: Record<string, number> = {};
  const doctorLogin = async (clinicId: number, doctorId: number) => {
    const [account] = await db
      .insert(doctorAccounts)
      .values({ name: 'Dr. Login', email: `dr-${randomBytes(5).toString('hex')}@example.com`, passwordHash: 'x' })
      .returning({ id: doctorAccounts.id });
    await db.insert(doctorAccountLinks).values({ accountId: account!.id, clinicId, doctorId });
    // The clinic lets its doctor keep their own call settings (decision 073), so the settings routes are theirs.
    await db
      .update(clinicDoctorSettings)
      .set({ doctorManagesSettings: true })
      .where(and(eq(clinicDoctorSettings.clinicId, clinicId), eq(clinicDoctorSettings.doctorId, doctorId)));
    return sessionCookie(app, 'doctor', account!.id);
  };
  const cookies: Record<AnyActorName, string | undefined> = {
    nobody: undefined,
    repA: await sessionCookie(app, 'medrep', repA.id),
    repB: await sessionCookie(app, 'medrep', repB.id),
    clinicA: await sessionCookie(app, 'clinic', clinicA.id),
    clinicB: await sessionCookie(app, 'clinic', clinicB.id),
    admin: await sessionCookie(app, 'admin', 0),
    managerA: await member(clinicA.id, 'manager', 'active'),
    receptionA: await member(clinicA.id, 'reception', 'active'),
    staffB: await member(clinicB.id, 'manager', 'active'),
    deactivatedA: await member(clinicA.id, 'reception', 'inactive'),
    doctorOfA: await doctorLogin(clinicA.id, doctorA.id),
    doctorOfB: await doctorLogin(clinicB.id, doctorB.id),
    companyA: await sessionCookie(app, 'company', companyA.id),
  };
  // Rep A's own payment order, as the labelled test checkout (no Razorpay keys) stores it.
  const orderId = `order_test_${randomBytes(6).toString('hex')}`;
  await db
    .insert(subscriptionOrders)
    .values({ orderId, repId: repA.id, planType: 'monthly', amount: 9900, currency: 'INR', receipt: `rv_${repA.id}_x`, createdAt: app.clock.now() });
  return {
    clinicA,
    clinicB,
    doctorA,
    doctorA2,
    doctorB,
    repA,
    repB,
    companyA,
    appointment,
    checkedIn,
    linkA: linkA!,
    absenceA: absenceA!,
    waitlistEntry: waitlistEntry!,
    cookies,
    orderId,
    /** The member ids behind the team actors' sessions. */
    team: { deactivatedA: team[`${clinicA.id}:reception:inactive`]! },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
