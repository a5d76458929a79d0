import { sql } from 'drizzle-orm';
import { PLANS } from '../../shared/constants';
import { SLOT_MINUTES } from '../../shared/booking/visit-windows';
import { startOfIndianDay, todayInIndia } from '../../shared/dates';
import { canonicalPhone } from '../../shared/schemas/phone';
import { hashPassword } from '../modules/auth/password';
import { cacheKey } from '../cache/cache-keys';
import type { Db, Tx } from './client';
import { withWrite } from './write';
import { DEMO_ANNOUNCEMENT, DEMO_CLINICS, DEMO_DOCTORS, DEMO_LOGINS, DEMO_PASSWORD, DEMO_REPS, DEMO_TEAM, availableDaysFor, type DemoRep } from './seed-data';
import { planDemoAppointments, type PlannedAppointment } from './seed-plan';
import {
  adminNotifications,
  clinicDoctors,
  clinicDoctorSettings,
  clinicMembers,
  clinicUsers,
  doctorAccountLinks,
  doctorAccounts,
  doctorAppointments,
  doctors,
  medicalReps,
  subscriptionOrders,
} from './schema';

export interface SeedResult {
  summary: Record<string, number>;
  loginsText: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_TRIAL_DAYS = 30; // the default FREE_TRIAL_DAYS

/** Seeds the demo data set when the database holds no clinic yet; null when it already has data. */
export async function seedIfEmpty(db: Db, opts: { now: Date }): Promise<SeedResult | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clinicUsers);
  if ((row?.n ?? 0) > 0) return null;
  return seedDemo(db, opts);
}

/**
 * The believable demo data set (README, Demo data): clinics in J&K districts and other states, doctors with call settings
 * per clinic, reps with and without a subscription, and past, today's and upcoming appointments that keep the
 * booking rules. Deterministic: the same data every time, dates relative to `now`. One transaction.
 */
export async function seedDemo(db: Db, opts: { now: Date }): Promise<SeedResult> {
  const { now } = opts;
  const today = todayInIndia(now);
  const plan = planDemoAppointments(today);
  const password = await hashPassword(DEMO_PASSWORD); // argon2 is slow on purpose: hash once, reuse
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

  // A seed may run beside running instances: every read cache is emptied at its commit.
  const counts = await withWrite({ db }, async (tx) => {
    tx.changed(cacheKey.everything());
    const clinicIds = new Map<string, number>();
    for (const [i, c] of DEMO_CLINICS.entries()) {
      const joined = daysAgo(120 - i * 9);
      const [row] = await tx
        .insert(clinicUsers)
        .values({
          clinicName: c.clinicName,
          contactPerson: c.contactPerson,
          state: c.state,
          city: c.city,
          contactNumber: canonicalPhone(c.contactNumber),
          email: c.email,
          password,
          emailVerified: true,
          termsAccepted: true,
          termsAcceptedAt: joined,
          createdAt: joined,
          updatedAt: joined,
        })
        .returning({ id: clinicUsers.id });
      clinicIds.set(c.key, row!.id);
    }
    const clinicOf = (key: string) => DEMO_CLINICS.find((c) => c.key === key)!;

    const doctorIds = new Map<string, number>();
    let links = 0;
    for (const [i, d] of DEMO_DOCTORS.entries()) {
      const home = clinicOf(d.links[0]!.clinic);
      const added = daysAgo(100 - i * 2);
      const [row] = await tx
        .insert(doctors)
        .values({ name: d.name, specialty: d.specialty, state: home.state, city: home.city, createdByClinicId: clinicIds.get(home.key)!, createdAt: added })
        .returning({ id: doctors.id });
      doctorIds.set(d.key, row!.id);
      for (const link of d.links) {
        const clinicId = clinicIds.get(link.clinic)!;
        await tx.insert(clinicDoctors).values({ clinicId, doctorId: row!.id, createdAt: added });
        await tx.insert(clinicDoctorSettings).values({
          clinicId,
          doctorId: row!.id,
          doctorName: d.name,
          maxSlots: link.maxSlots,
          callFrequency: link.callFrequency,
          availableDays: availableDaysFor(link.days),
          visitWindows: link.visitWindows ? [...link.visitWindows] : [],
          slotMinutes: link.slotMinutes ?? SLOT_MINUTES.default,
          createdAt: added,
          updatedAt: added,
        });
        links++;
      }
    }

    const repIds = new Map<string, number>();
    for (const [i, r] of DEMO_REPS.entries()) {
      const joined = daysAgo(150 - i * 11);
      const [row] = await tx
        .insert(medicalReps)
        .values({
          fullName: r.fullName,
          email: r.email,
          phone: canonicalPhone(r.phone),
          company: r.company,
          state: r.state,
          password,
          emailVerified: true,
          termsAccepted: true,
          termsAcceptedAt: joined,
          createdAt: joined,
          updatedAt: joined,
          ...subscriptionFields(r, i, now),
        })
        .returning({ id: medicalReps.id });
      repIds.set(r.key, row!.id);
      await insertPaidOrder(tx, r, i, row!.id, now);
    }

    for (const [i, a] of plan.entries()) {
      await tx.insert(doctorAppointments).values({
        doctorId: doctorIds.get(a.doctor)!,
        clinicId: clinicIds.get(a.clinic)!,
        repId: repIds.get(a.rep)!,
        appointmentDate: a.date,
        startTime: a.startTime,
        ...appointmentTimes(a, i, now),
      });
    }

    // A receptionist of the demo clinic and the doctor's own login, linked to every clinic that lists him.
    const demoClinicId = clinicIds.get(DEMO_LOGINS.clinic)!;
    await tx.insert(clinicMembers).values({
      clinicId: demoClinicId,
      ...DEMO_TEAM.reception,
      role: 'reception',
      status: 'active',
      passwordHash: password,
      acceptedAt: daysAgo(30),
      createdAt: daysAgo(31),
    });
    const demoDoctor = DEMO_DOCTORS.find((d) => d.key === DEMO_TEAM.doctor.key)!;
    const [account] = await tx
      .insert(doctorAccounts)
      .values({ name: demoDoctor.name, email: DEMO_TEAM.doctor.email, passwordHash: password, createdAt: daysAgo(30) })
      .returning({ id: doctorAccounts.id });
    for (const link of demoDoctor.links) {
      await tx.insert(doctorAccountLinks).values({ accountId: account!.id, clinicId: clinicIds.get(link.clinic)!, doctorId: doctorIds.get(demoDoctor.key)! });
    }

    await tx.insert(adminNotifications).values({ message: DEMO_ANNOUNCEMENT, isActive: true, createdAt: daysAgo(1), updatedAt: daysAgo(1) });
    return { clinics: clinicIds.size, doctors: doctorIds.size, clinicDoctorLinks: links, reps: repIds.size };
  });

  const summary = {
    ...counts,
    appointments: plan.length,
    appointmentsToday: plan.filter((a) => a.date === today).length,
    appointmentsUpcoming: plan.filter((a) => a.date > today).length,
    appointmentsPast: plan.filter((a) => a.date < today).length,
  };
  return { summary, loginsText: demoLoginsText() };
}

function subscriptionFields(r: DemoRep, index: number, now: Date): Partial<typeof medicalReps.$inferInsert> {
  const s = r.subscription;
  const tag = String(index + 1).padStart(4, '0');
  switch (s.kind) {
    case 'free_trial': {
      const started = new Date(now.getTime() - s.startedDaysAgo * DAY);
      return {
        subscriptionStatus: 'free_trial',
        subscriptionId: `trial_demo${tag}`,
        freeTrialUsedAt: started,
        subscriptionExpiresAt: new Date(started.getTime() + DEMO_TRIAL_DAYS * DAY),
      };
    }
    case 'paid': {
      const paid = new Date(now.getTime() - s.paidDaysAgo * DAY);
      return {
        subscriptionStatus: 'active',
        subscriptionId: `pay_Demo${tag}`,
        subscriptionExpiresAt: new Date(paid.getTime() + PLANS[s.plan].days * DAY),
      };
    }
    case 'expired': {
      const expired = new Date(now.getTime() - s.expiredDaysAgo * DAY);
      return {
        subscriptionStatus: 'expired',
        subscriptionId: `trial_demo${tag}`,
        freeTrialUsedAt: new Date(expired.getTime() - DEMO_TRIAL_DAYS * DAY),
        subscriptionExpiresAt: expired,
      };
    }
    case 'none':
      return { subscriptionStatus: 'inactive' };
  }
}

/** A paid rep's Razorpay order, as the payment flow would have left it. */
async function insertPaidOrder(tx: Tx, r: DemoRep, index: number, repId: number, now: Date): Promise<void> {
  if (r.subscription.kind !== 'paid') return;
  const tag = String(index + 1).padStart(4, '0');
  const paidAt = new Date(now.getTime() - r.subscription.paidDaysAgo * DAY);
  const plan = PLANS[r.subscription.plan];
  await tx.insert(subscriptionOrders).values({
    orderId: `order_Demo${tag}`,
    repId,
    planType: r.subscription.plan,
    amount: plan.amountPaise,
    receipt: `rcpt_demo_${tag}`,
    status: 'paid',
    paymentId: `pay_Demo${tag}`,
    createdAt: new Date(paidAt.getTime() - 5 * 60_000),
    paidAt,
  });
}

/** Booking, completion and cancellation instants that fit the appointment's date (all before `now`). */
function appointmentTimes(a: PlannedAppointment, index: number, now: Date) {
  const dayStart = startOfIndianDay(a.date).getTime();
  // Booked at 10:00-17:00 IST, two to four days before the call (and never after now).
  const bookedAt = new Date(Math.min(dayStart - (2 + (index % 3)) * DAY + (10 + (index % 8)) * HOUR, now.getTime() - HOUR));
  if (a.status === 'completed') return { status: 'completed', bookedAt, updatedAt: new Date(dayStart + 18 * HOUR) };
  if (a.status === 'cancelled') {
    // The clinic cancels on the day (spec part 1: "Cancel Today's Calls"); a rep cancels ahead of it.
    const cancelledAt = a.cancelledBy === 'clinic' ? new Date(dayStart + 9 * HOUR) : new Date(Math.max(bookedAt.getTime() + HOUR, now.getTime() - 2 * HOUR));
    return { status: 'cancelled', bookedAt, cancelledBy: a.cancelledBy ?? 'rep', cancelReason: a.cancelReason ?? null, cancelledAt, updatedAt: cancelledAt };
  }
  return { status: 'booked', bookedAt, updatedAt: bookedAt };
}

/** What the start-up message prints: the demo accounts to sign in with. */
export function demoLoginsText(): string {
  const clinic = DEMO_CLINICS.find((c) => c.key === DEMO_LOGINS.clinic)!;
  const subscribed = DEMO_REPS.find((r) => r.key === DEMO_LOGINS.subscribedRep)!;
  const unsubscribed = DEMO_REPS.find((r) => r.key === DEMO_LOGINS.unsubscribedRep)!;
  return [
    `Demo logins (the password of each is ${DEMO_PASSWORD}):`,
    `  Clinic:                      ${clinic.email}  (${clinic.clinicName}, ${clinic.city})`,
    `  Rep with a free trial:       ${subscribed.email}  (${subscribed.fullName}, can book)`,
    `  Rep without a subscription:  ${unsubscribed.email}  (${unsubscribed.fullName}, sees the plans)`,
    `  Clinic reception:            ${DEMO_TEAM.reception.email}  (the clinic's day, check-in and queue board only)`,
    `  Doctor (/doctor-login):      ${DEMO_TEAM.doctor.email}  (his day at both his clinics)`,
    '  Admin (/admin):              the password in ADMIN_PASSWORD (the admin side is off without it)',
  ].join('\n');
}
