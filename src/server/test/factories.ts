import { cacheKey, keysOfAppointment } from '../cache/cache-keys';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { withWrite } from '../db/write';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, companyAccounts, doctorAppointments, doctors, medicalReps, sessions } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { SESSION_COOKIE } from '../plugins/auth';
import { hashToken, newToken, SESSION_LIFETIME_MS, type UserType } from '../modules/auth/sessions.service';
import { placeKeysOfClinic } from '../modules/directory/directory.service';

// Factories for API tests: verified accounts, doctors and sessions made straight in the database, so a test
// of one area does not depend on the screens of another.

export const TEST_PASSWORD = 'Str0ng!Pass';
let passwordHash: Promise<string> | null = null;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));
const uniq = () => randomBytes(4).toString('hex');
/** A random Indian mobile number in its stored (canonical) form (docs/decisions/032). */
const phoneNumber = () => `+91${String(Math.floor(6e9 + Math.random() * 3.99e9)).slice(0, 10)}`;

export async function createClinic(db: Db, o: Partial<typeof clinicUsers.$inferInsert> = {}) {
  const [row] = await db
    .insert(clinicUsers)
    .values({
      clinicName: `Clinic ${uniq()}`,
      contactPerson: 'Asha Kaul',
      state: 'Jammu and Kashmir',
      city: 'Srinagar',
      contactNumber: phoneNumber(),
      email: `clinic-${uniq()}@example.com`,
      password: await testHash(),
      emailVerified: true,
      termsAccepted: true,
      termsAcceptedAt: new Date(),
      ...o,
    })
    .returning();
  return row!;
}

export async function createRep(db: Db, o: Partial<typeof medicalReps.$inferInsert> = {}) {
  const [row] = await db
    .insert(medicalReps)
    .values({
      fullName: 'Ravi Sharma',
      email: `rep-${uniq()}@example.com`,
      phone: phoneNumber(),
      company: 'Sun Pharma',
      state: 'Jammu and Kashmir',
      password: await testHash(),
      emailVerified: true,
      termsAccepted: true,
      termsAcceptedAt: new Date(),
      ...o,
    })
    .returning();
  return row!;
}

/** A pharma company's verified e-mail account (docs/decisions/087), terms accepted, not yet verified by an admin. */
export async function createCompany(db: Db, o: Partial<typeof companyAccounts.$inferInsert> = {}) {
  const [row] = await db
    .insert(companyAccounts)
    .values({
      companyName: `Pharma ${uniq()}`,
      contactName: 'Meera Rao',
      email: `company-${uniq()}@example.com`,
      phone: phoneNumber(),
      password: await testHash(),
      emailVerified: true,
      termsAccepted: true,
      termsAcceptedAt: new Date(),
      ...o,
    })
    .returning();
  return row!;
}

/** A rep whose subscription is active until `until` (default a year after 2026-03-02). */
export const createSubscribedRep = (db: Db, o: Partial<typeof medicalReps.$inferInsert> = {}) =>
  createRep(db, {
    subscriptionStatus: 'free_trial',
    subscriptionId: `trial_${uniq()}`,
    subscriptionExpiresAt: new Date('2027-03-02T00:00:00Z'),
    freeTrialUsedAt: new Date('2026-03-01T00:00:00Z'),
    ...o,
  });

const ALL_WEEKDAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false };

/** A doctor linked to `clinicId`, with call settings unless `settings: null`. */
export async function createDoctor(
  db: Db,
  clinicId: number,
  o: Partial<typeof doctors.$inferInsert> & {
    settings?: Partial<typeof clinicDoctorSettings.$inferInsert> | null;
  } = {},
) {
  const { settings, ...doctorFields } = o;
  // Written beside the services, in a write that names what a service's repos would name (decision 062).
  return withWrite({ db }, async (w) => {
    const [doctor] = await w
      .insert(doctors)
      .values({
        name: `Dr. Mir ${uniq()}`,
        specialty: 'Cardiology',
        state: 'Jammu and Kashmir',
        city: 'Srinagar',
        createdByClinicId: clinicId,
        ...doctorFields,
      })
      .returning();
    await w.insert(clinicDoctors).values({ clinicId, doctorId: doctor!.id });
    if (settings !== null) {
      await w.insert(clinicDoctorSettings).values({
        clinicId,
        doctorId: doctor!.id,
        doctorName: doctor!.name,
        maxSlots: 3,
        callFrequency: 7,
        availableDays: ALL_WEEKDAYS,
        ...settings,
      });
    }
    w.changed(cacheKey.link(clinicId, doctor!.id), ...(await placeKeysOfClinic(w, clinicId)));
    return doctor!;
  });
}

export async function createAppointment(db: Db, o: typeof doctorAppointments.$inferInsert) {
  return withWrite({ db }, async (w) => {
    const [row] = await w.insert(doctorAppointments).values(o).returning();
    w.changed(...keysOfAppointment(row!));
    return row!;
  });
}

/** A signed-in session for an account, as the `cookie` header of app.inject() (`memberId`: a clinic team member's, decision 072). */
export async function sessionCookie(app: FastifyInstance, type: UserType, userId: number, o: { memberId?: number } = {}): Promise<string> {
  const token = newToken();
  const now = app.clock.now();
  await app.db.insert(sessions).values({
    id: hashToken(token),
    userType: type,
    userId,
    memberId: o.memberId ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (type === 'admin' ? SESSION_LIFETIME_MS.adminIdle : SESSION_LIFETIME_MS.browser)),
  });
  return `${SESSION_COOKIE}=${token}`;
}
