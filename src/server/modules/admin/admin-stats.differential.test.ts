import { and, count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../../shared/dates';
import { effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import type { Db } from '../../db/client';
import { clinicDoctors, clinicUsers, companyAccounts, doctorAppointments, doctors, medicalReps, waitlistEntries } from '../../db/schema';
import { withWrite } from '../../db/write';
import { AppError } from '../../errors';
import { runNightlyPurge } from '../../jobs/nightly-purge.job';
import type { Actor } from '../auth/sessions.service';
import { codeIn, type Mailbox, type ReceivedMail } from '../../test/mailbox';
import { cacheKey } from '../../cache/cache-keys';
import { createClinic, createDoctor, createRep, createSubscribedRep } from '../../test/factories';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { clinicPayload, post, registerAndReadCode, repPayload } from '../auth/auth.test-support';
import { bookAppointment, cancelAppointment } from '../booking/booking.service';
import { addExistingDoctor, removeDoctor } from '../doctors/doctors.service';
import { cancelTodayCalls } from '../clinics/visitors.service';
import { confirmAccountDeletion, requestAccountDeletion } from '../privacy/privacy.service';
import { activateFreeTrial } from '../subscriptions/subscriptions.service';
import { changeVisitStatus } from '../visits/visit-status.service';
import { deleteAppointment, deleteDoctorLink } from './admin-content.service';
import { getAnalytics, getStats } from './admin-stats.service';
import { deleteUser } from './admin-users.service';

// docs/decisions/024-admin-stats-summaries.md: the stat cards and the analytics answer from tallies the database
// keeps and from narrow indexes. After any sequence of writes through the services (bookings, cancellations, the
// admin's and the clinics' deletes, erasures, registrations, trials, the nightly purge, days passing) they must
// equal the same figures counted the plain way, from every row, here.

const DAY = 86_400_000;
const ORIGIN = { ip: '127.0.0.1', userAgent: 'differential', path: null, method: null };
/** The single-password admin acts in these writes (docs/decisions/042-admin-team.md). */
const ACTOR = { id: 0, name: 'Administrator', role: 'owner' } as const;
// States whose first letters differ, so the database's collation and a plain comparison sort them alike.
const STATES = ['Goa', 'Kerala', 'Punjab', 'Tamil Nadu'] as const;
const clinicActor = (id: number): Actor => ({ type: 'clinic', id, sessionId: 'differential', termsAccepted: true });

type World = { clinics: number[]; doctors: number[]; links: Array<readonly [number, number]>; reps: number[] };

/**
 * Two clinics in two states, three doctors, three reps (two subscribed), and some history written in one
 * multi-row statement: visits long past (for the purge) and recent ones, booked on several IST days.
 */
async function makeWorld(app: FastifyInstance, pick: number): Promise<World> {
  const now = app.clock.now();
  const today = todayInIndia(now);
  const c1 = await createClinic(app.db, { state: STATES[pick % STATES.length]!, city: 'Town' });
  const c2 = await createClinic(app.db, { state: STATES[(pick + 1) % STATES.length]!, city: 'Town' });
  const d1 = await createDoctor(app.db, c1.id, { state: c1.state, city: 'Town' });
  const d2 = await createDoctor(app.db, c1.id, { state: c1.state, city: 'Town' });
  const d3 = await createDoctor(app.db, c2.id, { state: c2.state, city: 'Town' });
  const reps = [
    (await createSubscribedRep(app.db, { subscriptionExpiresAt: new Date(now.getTime() + (5 + pick) * DAY) })).id,
    (await createSubscribedRep(app.db, { subscriptionStatus: 'active', subscriptionExpiresAt: new Date(now.getTime() + 40 * DAY) })).id,
    (await createRep(app.db, { subscriptionStatus: pick % 2 ? 'created' : 'inactive' })).id,
  ];
  const links = [
    [c1.id, d1.id],
    [c1.id, d2.id],
    [c2.id, d3.id],
    [c2.id, d2.id],
  ] as const;
  const history = reps.flatMap((repId, r) =>
    links.slice(0, 3).flatMap(([clinicId, doctorId], l) => [
      { repId, clinicId, doctorId, appointmentDate: addDays(today, -40 - r - l), status: 'completed', bookedAt: new Date(now.getTime() - (45 + l) * DAY) },
      { repId, clinicId, doctorId, appointmentDate: addDays(today, -3 - l), bookedAt: new Date(now.getTime() - (6 + r) * DAY - l * 7 * 3_600_000) },
    ]),
  );
  await withWrite(app, async (w) => {
    await w.insert(doctorAppointments).values(history);
    w.changed(cacheKey.everything());
  });
  return { clinics: [c1.id, c2.id], doctors: [d1.id, d2.id, d3.id], links: [...links], reps };
}

const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('book' as const), rep: fc.nat(2), link: fc.nat(3), day: fc.nat(10), minutes: fc.nat(900) }), weight: 10 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), rep: fc.nat(2), pick: fc.nat(5) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('cancelToday' as const), link: fc.nat(3) }), weight: 1 },
  // The clinic marks a visit's outcome (docs/decisions/041): the analytics' completion and no-show rates.
  { arbitrary: fc.record({ kind: fc.constant('mark' as const), pick: fc.nat(20), noShow: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('unlink' as const), link: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('link' as const), link: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteAppointment' as const), pick: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteDoctor' as const), link: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteUser' as const), clinic: fc.boolean(), pick: fc.nat(2) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('erase' as const), clinic: fc.boolean(), pick: fc.nat(2) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('register' as const), clinic: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('trial' as const), rep: fc.nat(2) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('purge' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 45 }) }), weight: 3 },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function register(app: FastifyInstance, mailbox: Mailbox, clinic: boolean): Promise<void> {
  const kind = clinic ? 'clinic' : 'medrep';
  const payload = clinic ? clinicPayload() : repPayload();
  const otp = await registerAndReadCode(app, mailbox, kind, payload);
  expect((await post(app, '/api/verify-otp', { email: payload.email, otp, type: kind })).statusCode).toBe(200);
}

async function erase(app: FastifyInstance, mailbox: Mailbox, actor: Actor): Promise<void> {
  const table = actor.type === 'clinic' ? clinicUsers : medicalReps;
  const [row] = await app.db.select({ email: table.email }).from(table).where(eq(table.id, actor.id));
  if (!row) return;
  // Only the deletion code counts: other mails to this address (a trial's welcome) may still be on their way.
  const isCode = (m: ReceivedMail) => /Confirm the deletion/.test(m.subject);
  const before = mailbox.to(row.email).filter(isCode).length;
  await requestAccountDeletion(app, { actor });
  const mail = await mailbox.waitFor(row.email, (m) => isCode(m) && mailbox.to(row.email).filter(isCode).length > before);
  await confirmAccountDeletion(app, { actor, code: codeIn(mail) });
}

/** Runs one command through the services; a refusal by the rules (or of something already gone) is part of the game. */
async function run(ctx: TestContext, w: World, c: Command): Promise<void> {
  const { app, clock, mailbox } = ctx;
  try {
    switch (c.kind) {
      case 'book': {
        clock.advanceMinutes(c.minutes); // bookings land on different IST days, some across midnight
        const [clinicId, doctorId] = w.links[c.link]!;
        const appointmentDate = addDays(todayInIndia(clock.now()), c.day);
        await bookAppointment(app, { input: { repId: w.reps[c.rep]!, clinicId, doctorId, appointmentDate } });
        return;
      }
      case 'cancel': {
        const rows = await app.db
          .select({ id: doctorAppointments.id })
          .from(doctorAppointments)
          .where(and(eq(doctorAppointments.repId, w.reps[c.rep]!), eq(doctorAppointments.status, 'booked')))
          .orderBy(doctorAppointments.id);
        if (rows.length) await cancelAppointment(app, { repId: w.reps[c.rep]!, appointmentId: rows[c.pick % rows.length]!.id });
        return;
      }
      case 'cancelToday': {
        const [clinicId, doctorId] = w.links[c.link]!;
        const input = { clinicId, doctorId, date: todayInIndia(clock.now()), reason: 'Doctor on Leave' as never };
        await cancelTodayCalls(app, { actor: clinicActor(clinicId), input });
        return;
      }
      case 'mark': {
        const rows = await app.db
          .select({ id: doctorAppointments.id, clinicId: doctorAppointments.clinicId })
          .from(doctorAppointments)
          .where(sql`${doctorAppointments.status} in ('booked', 'confirmed')`)
          .orderBy(doctorAppointments.id);
        const visit = rows[c.pick % Math.max(rows.length, 1)];
        const input = { status: c.noShow ? ('no_show' as const) : ('completed' as const) };
        if (visit) await changeVisitStatus(app, { actor: clinicActor(visit.clinicId), id: visit.id, input });
        return;
      }
      case 'unlink': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await removeDoctor(app, { actor: clinicActor(clinicId), clinicId, doctorId });
        return;
      }
      case 'link': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await addExistingDoctor(app, { actor: clinicActor(clinicId), clinicId, doctorId });
        return;
      }
      case 'deleteAppointment': {
        const rows = await app.db.select({ id: doctorAppointments.id }).from(doctorAppointments).orderBy(doctorAppointments.id);
        if (rows.length) await deleteAppointment(app, { id: rows[c.pick % rows.length]!.id, actor: ACTOR, origin: ORIGIN });
        return;
      }
      case 'deleteDoctor': {
        const [clinicId, doctorId] = w.links[c.link]!;
        const [link] = await app.db
          .select({ id: clinicDoctors.id })
          .from(clinicDoctors)
          .where(and(eq(clinicDoctors.clinicId, clinicId), eq(clinicDoctors.doctorId, doctorId)));
        if (link) await deleteDoctorLink(app, { linkId: link.id, actor: ACTOR, origin: ORIGIN });
        return;
      }
      case 'deleteUser': {
        const id = c.clinic ? w.clinics[c.pick % 2]! : w.reps[c.pick]!;
        await deleteUser(app, { id, userType: c.clinic ? 'clinic' : 'medrep', actor: ACTOR, origin: ORIGIN });
        return;
      }
      case 'erase': {
        const id = c.clinic ? w.clinics[c.pick % 2]! : w.reps[c.pick]!;
        await erase(app, mailbox, { type: c.clinic ? 'clinic' : 'medrep', id, sessionId: 'differential', termsAccepted: true });
        return;
      }
      case 'register':
        await register(app, mailbox, c.clinic);
        return;
      case 'trial':
        await activateFreeTrial(app, { repId: w.reps[c.rep]! });
        return;
      case 'purge':
        {
          const outcome = await runNightlyPurge({ app, now: clock.now() });
          // The error first: a failed run carries it, and it is what the reader of a red run needs.
          expect(outcome.error).toBeUndefined();
          expect(outcome.status).not.toBe('failed');
        }
        return;
      case 'days':
        clock.advance(c.days * DAY);
        return;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}

/** The figures counted the plain way: every row read, grouped and counted here. */
async function countFromEveryRow(db: Db, now: Date) {
  const total = async (table: typeof clinicUsers | typeof medicalReps | typeof doctors | typeof doctorAppointments | typeof companyAccounts) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const reps = await db.select({ status: medicalReps.subscriptionStatus, expiresAt: medicalReps.subscriptionExpiresAt }).from(medicalReps);
  const byStatus = new Map<string, number>();
  for (const r of reps) {
    const status = effectiveSubscriptionStatus({ ...r, now });
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }
  const statusCount = (...kinds: string[]) => kinds.reduce((s, k) => s + (byStatus.get(k) ?? 0), 0);
  const appointments = await db
    .select({ bookedAt: doctorAppointments.bookedAt, state: clinicUsers.state, date: doctorAppointments.appointmentDate, status: doctorAppointments.status })
    .from(doctorAppointments)
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId));
  const today = todayInIndia(now);
  const days = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
  const perDay = new Map(days.map((d) => [d, 0]));
  const perState = new Map<string, number>();
  // The visits dated in the 30 days before today, not cancelled, and how they ended (docs/decisions/041).
  const outcomes = { from: addDays(today, -30), to: addDays(today, -1), visits: 0, completed: 0, noShow: 0 };
  for (const a of appointments) {
    if (a.date >= outcomes.from && a.date <= outcomes.to && a.status !== 'cancelled') {
      outcomes.visits++;
      if (a.status === 'completed') outcomes.completed++;
      if (a.status === 'no_show') outcomes.noShow++;
    }
    const day = todayInIndia(a.bookedAt);
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
    perState.set(a.state, (perState.get(a.state) ?? 0) + 1);
  }
  const [totalClinics, totalReps, totalDoctors, totalAppointments] = [
    await total(clinicUsers),
    await total(medicalReps),
    await total(doctors),
    await total(doctorAppointments),
  ];
  return {
    stats: {
      totalClinics,
      totalMedicalReps: totalReps,
      // Pharma companies, each read here row by row (docs/decisions/087).
      totalCompanies: await total(companyAccounts),
      verifiedCompanies: (await db.select({ verified: companyAccounts.verified }).from(companyAccounts)).filter((c) => c.verified).length,
      totalAppointments,
      activeSubscriptions: reps.filter((r) => isSubscriptionActive({ ...r, now })).length,
    },
    analytics: {
      overview: { totalUsers: totalReps + totalClinics, totalReps, totalClinics, totalDoctors, totalAppointments },
      subscriptions: {
        // The stat card's 'Active Subscriptions', free trials included (docs/decisions/035).
        active: reps.filter((r) => isSubscriptionActive({ ...r, now })).length,
        freeTrials: statusCount('free_trial', 'trial'),
        expiredOrCancelled: statusCount('expired', 'cancelled'),
      },
      appointmentsPerDay: days.map((date) => ({ date, count: perDay.get(date)! })),
      bookingsByState: [...perState].map(([state, n]) => ({ state, count: n })).sort((a, b) => b.count - a.count || (a.state < b.state ? -1 : 1)),
      subscriptionsByStatus: [...byStatus].map(([status, n]) => ({ status, count: n })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
      visitOutcomes: {
        ...outcomes,
        completionRate: outcomes.visits ? outcomes.completed / outcomes.visits : null,
        noShowRate: outcomes.visits ? outcomes.noShow / outcomes.visits : null,
      },
    },
  };
}

async function expectSameFigures(app: FastifyInstance): Promise<void> {
  const expected = await countFromEveryRow(app.db, app.clock.now());
  const { systemHealth, ...stats } = await getStats(app);
  expect(systemHealth).toBe('healthy');
  expect(stats).toEqual(expected.stats);
  expect(await getAnalytics(app)).toEqual(expected.analytics);
}

describeEachDatabase(
  'admin stats and analytics against counts from every row',
  (ctx) => {
    it('equal the plain counts after any sequence of writes through the services', async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(3), fc.array(command, { minLength: 8, maxLength: 20 }), async (pick, commands) => {
          const w = await makeWorld(ctx.app, pick);
          await expectSameFigures(ctx.app);
          for (const c of commands) {
            await run(ctx, w, c);
            await expectSameFigures(ctx.app);
          }
        }),
        { numRuns: ctx.kind === 'pglite' ? 12 : 15, endOnFailure: true },
      );
    }, 600_000);

    // Many connections at once exist on PostgreSQL only (the embedded database runs one statement at a time).
    if (ctx.kind === 'postgres') {
      it('stay exact with many writers at once: bookings, a deleted clinic, deleted appointments, the purge', async () => {
        const worlds = [await makeWorld(ctx.app, 0), await makeWorld(ctx.app, 1), await makeWorld(ctx.app, 2)];
        const reps = await Promise.all(
          Array.from({ length: 8 }, () => createSubscribedRep(ctx.app.db, { subscriptionExpiresAt: new Date('2099-01-01T00:00:00Z') })),
        );
        const today = todayInIndia(ctx.clock.now());
        const history = await ctx.app.db.select({ id: doctorAppointments.id }).from(doctorAppointments).orderBy(doctorAppointments.id).limit(6);
        const writes: Array<Promise<unknown>> = [];
        for (const [r, rep] of reps.entries()) {
          for (const w of worlds) {
            for (const [l, [clinicId, doctorId]] of w.links.slice(0, 3).entries()) {
              const appointmentDate = addDays(today, 1 + ((r + l) % 5));
              writes.push(bookAppointment(ctx.app, { input: { repId: rep.id, clinicId, doctorId, appointmentDate } }));
            }
          }
        }
        writes.push(deleteUser(ctx.app, { id: worlds[1]!.clinics[0]!, userType: 'clinic', actor: ACTOR, origin: ORIGIN }));
        writes.push(...history.map((a) => deleteAppointment(ctx.app, { id: a.id, actor: ACTOR, origin: ORIGIN })));
        writes.push(runNightlyPurge({ app: ctx.app, now: ctx.clock.now() }));
        const outcomes = await Promise.allSettled(writes);
        // Refusals by the rules are answers; a deadlock or any other database error would be a rejection here.
        expect(
          outcomes
            .filter((o) => o.status === 'rejected' && !(o.reason instanceof AppError))
            .map((o) => String((o as PromiseRejectedResult).reason) + String(((o as PromiseRejectedResult).reason as { cause?: unknown }).cause)),
        ).toEqual([]);
        expect(outcomes.filter((o) => o.status === 'fulfilled' && (o.value as { statusCode?: number }).statusCode === 201).length).toBeGreaterThan(20);
        await expectSameFigures(ctx.app);
      });
    }

    it('follow an appointment moved to another clinic or booking instant, and a truncated table', async () => {
      const w = await makeWorld(ctx.app, 1);
      await bookAppointment(ctx.app, {
        input: { repId: w.reps[0]!, clinicId: w.clinics[0]!, doctorId: w.doctors[0]!, appointmentDate: addDays(todayInIndia(ctx.clock.now()), 1) },
      });
      await expectSameFigures(ctx.app);
      // No service moves an appointment to another clinic (a reschedule keeps it); the tallies follow one moved by hand all the same (their triggers).
      await ctx.app.db
        .update(doctorAppointments)
        .set({ clinicId: w.clinics[1]!, bookedAt: new Date(ctx.clock.now().getTime() - 3 * 86_400_000) })
        .where(eq(doctorAppointments.repId, w.reps[0]!));
      await expectSameFigures(ctx.app);
      // Waitlist entries name the visit an offer booked (a foreign key): they go with it.
      await ctx.app.db.execute(sql`truncate ${doctorAppointments}, ${waitlistEntries}`);
      await expectSameFigures(ctx.app);
    });
    // The purge keeps appointments 29 days after their date, the least it may (config.ts), so the runs see it delete.
  },
  { env: { RETENTION_DAYS: '29' } },
);
