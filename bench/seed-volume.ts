import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps, sessions } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/auth/password';
import { hashToken, SESSION_COOKIE } from '../src/server/plugins/auth';
import { INDIAN_STATES, JAMMU_AND_KASHMIR, JK_DISTRICTS, OTHER_CITY, SPECIALTIES } from '../src/shared/constants';
import { addDays, todayInIndia, weekdayOf } from '../src/shared/dates';

// A realistic, deterministic volume for the benchmark (decision 012): 500 clinics, 2,000 doctors (a fifth of them
// at two clinics, each link with call settings), 5,000 subscribed reps and 100,000 appointments over a year
// (half a year back, half ahead), written in batches straight through drizzle. Reps 1..SEEDED_REPS hold the
// history; the others start clean so the booking benchmark's requests are accepted by the rules.

export const VOLUME = { clinics: 500, doctors: 2000, reps: 5000, appointments: 100_000 };
export const SEEDED_REPS = 4000;
export const BENCH_PASSWORD = 'Bench!Pass123';
const WORKDAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false };
const OTHER_STATES = INDIAN_STATES.filter((s) => s !== JAMMU_AND_KASHMIR);

export interface SeededVolume {
  today: string;
  /** clinic of each doctor (index = doctor id) */
  primaryClinicOf: number[];
  clinicIds: number[];
  doctorIds: number[];
  repIds: number[];
  /** the session cookie header of each rep / clinic id */
  repCookie: Map<number, string>;
  clinicCookie: Map<number, string>;
  /** some places with bookable doctors, for the cascade lookups */
  places: Array<{ state: string; city: string; specialty: string }>;
}

const placeOfClinic = (c: number) =>
  c % 5 < 2
    ? { state: JAMMU_AND_KASHMIR, city: JK_DISTRICTS[Math.floor(c / 5) % JK_DISTRICTS.length]! }
    : { state: OTHER_STATES[c % OTHER_STATES.length]!, city: OTHER_CITY };

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds an empty, migrated database (a smaller `volume` for tests). `now` fixes "today" (IST) so the year of appointments surrounds it. */
export async function seedVolume(db: Db, opts: { now: Date; volume?: typeof VOLUME }): Promise<SeededVolume> {
  const volume = opts.volume ?? VOLUME;
  const seededReps = Math.min(SEEDED_REPS, Math.floor(volume.reps * 0.8));
  const today = todayInIndia(opts.now);
  const password = await hashPassword(BENCH_PASSWORD); // one hash for everyone: argon2 is slow on purpose
  const created = opts.now;

  const clinicRows = Array.from({ length: volume.clinics }, (_, c) => ({
    clinicName: `Bench Clinic ${String(c + 1).padStart(3, '0')}`,
    contactPerson: `Contact ${c + 1}`,
    ...placeOfClinic(c),
    contactNumber: String(7000000000 + c),
    email: `bench-clinic-${c + 1}@example.com`,
    password,
    emailVerified: true,
    termsAccepted: true,
    termsAcceptedAt: created,
    termsVersion: '1',
    createdAt: created,
    updatedAt: created,
  }));
  const clinicIds: number[] = [];
  await insertBatches(clinicRows, 500, async (b) => {
    for (const r of await db.insert(clinicUsers).values(b).returning({ id: clinicUsers.id })) clinicIds.push(r.id);
  });

  const doctorPrimary: number[] = []; // by doctor index: clinic index
  const doctorRows = Array.from({ length: volume.doctors }, (_, d) => {
    const c = d % volume.clinics;
    doctorPrimary.push(c);
    return {
      name: `Dr. Bench ${String(d + 1).padStart(4, '0')}`,
      specialty: SPECIALTIES[Math.floor(d / volume.clinics) * 3 + (d % 3)]!,
      ...placeOfClinic(c),
      createdByClinicId: clinicIds[c]!,
      createdAt: created,
    };
  });
  const doctorIds: number[] = [];
  await insertBatches(doctorRows, 1000, async (b) => {
    for (const r of await db.insert(doctors).values(b).returning({ id: doctors.id })) doctorIds.push(r.id);
  });

  const links: Array<{ clinicId: number; doctorId: number; d: number }> = [];
  doctorIds.forEach((doctorId, d) => {
    links.push({ clinicId: clinicIds[doctorPrimary[d]!]!, doctorId, d });
    if (d % 5 === 0) links.push({ clinicId: clinicIds[(doctorPrimary[d]! + 250) % volume.clinics]!, doctorId, d });
  });
  await insertBatches(links, 1000, (b) => db.insert(clinicDoctors).values(b.map(({ clinicId, doctorId }) => ({ clinicId, doctorId, createdAt: created }))));
  await insertBatches(links, 1000, (b) =>
    db.insert(clinicDoctorSettings).values(
      b.map(({ clinicId, doctorId, d }) => ({
        clinicId,
        doctorId,
        doctorName: doctorRows[d]!.name,
        maxSlots: 3 + (d % 3),
        callFrequency: 7,
        availableDays: WORKDAYS,
        createdAt: created,
        updatedAt: created,
      })),
    ),
  );

  const repRows = Array.from({ length: volume.reps }, (_, r) => ({
    fullName: `Rep Bench ${r + 1}`,
    email: `bench-rep-${r + 1}@example.com`,
    phone: String(8000000000 + r),
    company: ['Sun Pharma', 'Cipla', 'Lupin', 'Mankind', 'Zydus'][r % 5]!,
    state: r % 5 < 2 ? JAMMU_AND_KASHMIR : OTHER_STATES[r % OTHER_STATES.length]!,
    password,
    emailVerified: true,
    termsAccepted: true,
    termsAcceptedAt: created,
    termsVersion: '1',
    subscriptionStatus: 'active',
    subscriptionId: `bench_sub_${r + 1}`,
    subscriptionExpiresAt: new Date(opts.now.getTime() + 400 * 86_400_000),
    createdAt: created,
    updatedAt: created,
  }));
  const repIds: number[] = [];
  await insertBatches(repRows, 1000, async (b) => {
    for (const r of await db.insert(medicalReps).values(b).returning({ id: medicalReps.id })) repIds.push(r.id);
  });

  // 100,000 appointments: every working day of the year, 2 reps per doctor-day (under every maxSlots), distinct
  // reps within a day, so the partial unique index (rep, doctor, date) holds. Past ones completed, 1 in 20 cancelled.
  const days: string[] = [];
  for (let i = -182; i <= 182; i++) {
    const date = addDays(today, i);
    if (weekdayOf(date) !== 'sunday') days.push(date);
  }
  const perDay = Math.ceil(volume.appointments / days.length);
  const appointments: Array<typeof doctorAppointments.$inferInsert> = [];
  days.forEach((date, dayIndex) => {
    for (let j = 0; j < perDay && appointments.length < volume.appointments; j++) {
      const d = (dayIndex * 97 + Math.floor(j / 2)) % volume.doctors;
      const rep = repIds[(dayIndex * 331 + j * 13) % seededReps]!;
      const cancelled = j % 20 === 7;
      const past = date < today;
      appointments.push({
        doctorId: doctorIds[d]!,
        clinicId: clinicIds[doctorPrimary[d]!]!,
        repId: rep,
        appointmentDate: date,
        status: cancelled ? 'cancelled' : past ? 'completed' : 'booked',
        cancelReason: cancelled ? 'Doctor unavailable' : null,
        cancelledBy: cancelled ? 'clinic' : null,
        cancelledAt: cancelled ? created : null,
        bookedAt: created,
        updatedAt: created,
      });
    }
  });
  await insertBatches(appointments, 2000, (b) => db.insert(doctorAppointments).values(b));

  // One server session per account (the cookie token scheme of plugins/auth.ts: the table keeps its SHA-256).
  const repCookie = new Map<number, string>();
  const clinicCookie = new Map<number, string>();
  const sessionRows: Array<typeof sessions.$inferInsert> = [];
  const expiresAt = new Date(opts.now.getTime() + 7 * 86_400_000);
  const add = (userType: 'medrep' | 'clinic', userId: number, map: Map<number, string>) => {
    const token = `bench-${userType}-${userId}-session-token-0123456789`;
    map.set(userId, `${SESSION_COOKIE}=${token}`);
    sessionRows.push({ id: hashToken(token), userType, userId, createdAt: created, lastSeenAt: created, expiresAt });
  };
  for (const id of repIds) add('medrep', id, repCookie);
  for (const id of clinicIds) add('clinic', id, clinicCookie);
  await insertBatches(sessionRows, 1000, (b) => db.insert(sessions).values(b));

  await db.execute(sql`analyze`);

  const places: SeededVolume['places'] = [];
  for (let c = 0; c < 40; c++) {
    const d = c; // doctor index c has primary clinic c
    places.push({ ...placeOfClinic(c), specialty: doctorRows[d]!.specialty });
  }
  const primaryClinicOf: number[] = [];
  doctorIds.forEach((id, d) => (primaryClinicOf[id] = clinicIds[doctorPrimary[d]!]!));
  return { today, primaryClinicOf, clinicIds, doctorIds, repIds, repCookie, clinicCookie, places };
}
