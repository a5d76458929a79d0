import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_MESSAGES } from '../../../shared/booking/visit-status';
import { addDays } from '../../../shared/dates';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { clinicCheckInSecrets, doctorAppointments, sessions } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { createTestDatabase, describeEachDatabase, testDatabaseKinds, TestClock } from '../../test/harness';
import { CHECK_IN_ATTEMPTS, checkInCodeAt, NO_DOCTOR_YET } from './check-in.service';

// Check-in at reception (docs/decisions/041-visit-outcomes-and-proof.md): the clinic's 6-digit code changes every 2
// minutes; the rep types it on the visit's date. The current and the previous code are taken; an offline check-in is
// judged at the instant it was typed; wrong codes are counted per rep; a replay answers the first check-in.

const NOW = '2026-03-02T04:31:00.000Z'; // Monday 10:01 in India, in the middle of a 2-minute step
const TODAY = '2026-03-02';
const STEP_MS = 120_000;
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

type Reply = LightMyRequestResponse;

describeEachDatabase('check-in at reception', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));
  const now = () => ctx.clock.now();

  /** A clinic with a doctor (a clinic without one gets no code). */
  async function clinicWorld() {
    const clinic = await createClinic(ctx.app.db);
    await createDoctor(ctx.app.db, clinic.id);
    return { clinic, cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
  }
  type Clinic = Awaited<ReturnType<typeof clinicWorld>>;
  /**
   * A rep signed in on one device with 'Remember me'; `signedInAt`: when, the session's first contact (default an hour
   * before NOW: a phone signs in before it types a code).
   */
  async function rep(o: { signedInAt?: Date } = {}) {
    const r = await createSubscribedRep(ctx.app.db);
    const back = now();
    ctx.clock.set((o.signedInAt ?? new Date(Date.parse(NOW) - 3_600_000)).toISOString());
    const cookie = await sessionCookie(ctx.app, 'medrep', r.id);
    ctx.clock.set(back.toISOString());
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.parse(NOW) + 86_400_000) })
      .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, r.id)));
    return { ...r, cookie };
  }
  type Rep = Awaited<ReturnType<typeof rep>>;
  /** A visit of `r` at the clinic with a doctor of its own (so a rep may have many on one day). */
  async function visit(c: Clinic, r: Rep, o: { date?: string; status?: string; bookedAt?: Date } = {}) {
    const doctor = await createDoctor(ctx.app.db, c.clinic.id, { settings: { availableDays: EVERY_DAY } });
    return createAppointment(ctx.app.db, {
      doctorId: doctor.id,
      clinicId: c.clinic.id,
      repId: r.id,
      appointmentDate: o.date ?? TODAY,
      status: o.status ?? 'booked',
      // Booked two days before NOW unless said otherwise: an offline check-in must be typed after the booking.
      bookedAt: o.bookedAt ?? new Date(Date.parse(NOW) - 2 * 86_400_000),
    });
  }
  const codeOf = (c: Clinic): Promise<Reply> =>
    ctx.app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${c.clinic.id}`, headers: { cookie: c.cookie } });
  /** The clinic's secret (made by showing its code once), to read its code at any instant. */
  async function secretOf(c: Clinic): Promise<string> {
    expect((await codeOf(c)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(clinicCheckInSecrets).where(eq(clinicCheckInSecrets.clinicId, c.clinic.id));
    return row!.secret;
  }
  const checkIn = (r: Rep, body: Record<string, unknown>): Promise<Reply> =>
    ctx.app.inject({ method: 'POST', url: '/api/medrep/check-in', headers: { cookie: r.cookie }, payload: body });
  const stored = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe("the reception's code", () => {
    it('is 6 digits that change every 2 minutes, with the instant the next one replaces it; the same for parallel first asks', async () => {
      const c = await clinicWorld();
      const [first, second] = await Promise.all([codeOf(c), codeOf(c)]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().code).toMatch(/^\d{6}$/);
      expect(second.json().code).toBe(first.json().code);
      expect(first.json().expiresAt).toBe('2026-03-02T04:32:00.000Z');
      expect(first.headers['cache-control']).toBe('no-store');
      const secret = await secretOf(c);
      expect(first.json().code).toBe(checkInCodeAt(secret, now()));

      ctx.clock.advance(50_000); // same step
      expect((await codeOf(c)).json().code).toBe(first.json().code);
      ctx.clock.advance(20_000); // the next step
      const next = (await codeOf(c)).json();
      expect(next.code).toBe(checkInCodeAt(secret, now()));
      expect(next.expiresAt).toBe('2026-03-02T04:34:00.000Z');
    });

    it('is not given to a clinic without a doctor, and no secret is made for it', async () => {
      const clinic = await createClinic(ctx.app.db);
      const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${clinic.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: NO_DOCTOR_YET, code: 'check_in_no_doctor' });
      expect(await ctx.app.db.select().from(clinicCheckInSecrets).where(eq(clinicCheckInSecrets.clinicId, clinic.id))).toEqual([]);
      await createDoctor(ctx.app.db, clinic.id);
      const after = await ctx.app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${clinic.id}`, headers: { cookie } });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().code).toMatch(/^\d{6}$/);
    });

    it("is the clinic's own: another clinic's id is 403, a rep is 401, and clinics have different secrets", async () => {
      const [a, b] = [await clinicWorld(), await clinicWorld()];
      const other = await ctx.app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${b.clinic.id}`, headers: { cookie: a.cookie } });
      expect(other.statusCode).toBe(403);
      const r = await rep();
      const asRep = await ctx.app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${a.clinic.id}`, headers: { cookie: r.cookie } });
      expect(asRep.statusCode).toBe(401);
      expect(await secretOf(a)).not.toBe(await secretOf(b));
    });
  });

  describe("the rep's check-in", () => {
    it("takes the current code, answers the instant, and My Appointments and the clinic's day view show it at once", async () => {
      const c = await clinicWorld();
      const r = await rep();
      const v = await visit(c, r);
      // Both views read (and cache) the visit before the check-in.
      const myList = () => ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${r.id}`, headers: { cookie: r.cookie } });
      const dayView = () =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/doctor-appointments?clinicId=${c.clinic.id}&doctorId=${v.doctorId}&date=${TODAY}`,
          headers: { cookie: c.cookie },
        });
      expect((await myList()).json().appointments[0].checked_in_at).toBeNull();
      expect((await dayView()).json().appointments[0].checked_in_at).toBeNull();

      const res = await checkIn(r, { appointmentId: v.id, code: (await codeOf(c)).json().code });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.checkedIn, checkedInAt: NOW });
      expect((await stored(v.id)).checkedInAt?.toISOString()).toBe(NOW);
      expect((await myList()).json().appointments[0].checked_in_at).toBe(NOW);
      expect((await dayView()).json().appointments[0].checked_in_at).toBe(NOW);
    });

    it("takes the previous code, but not the one before it, not the next one and not another clinic's", async () => {
      const c = await clinicWorld();
      const elsewhere = await clinicWorld();
      const r = await rep();
      const secret = await secretOf(c);
      const at = (ms: number) => checkInCodeAt(secret, new Date(now().getTime() + ms));
      const refused = [at(-2 * STEP_MS), at(STEP_MS), (await codeOf(elsewhere)).json().code as string].filter(
        (code) => code !== at(0) && code !== at(-STEP_MS),
      );
      expect(refused.length).toBe(3);
      const v = await visit(c, r);
      for (const code of refused) {
        const res = await checkIn(r, { appointmentId: v.id, code });
        expect(res.statusCode, code).toBe(400);
        expect(res.json()).toEqual({ message: 'Invalid check-in code. Please ask the reception for the current code.', code: 'check_in_code_invalid' });
      }
      expect((await stored(v.id)).checkedInAt).toBeNull();
      expect((await checkIn(r, { appointmentId: v.id, code: at(-STEP_MS) })).statusCode).toBe(200);
    });

    it('refuses a visit of another day, a cancelled or completed one, and shows no other rep that a visit exists', async () => {
      const c = await clinicWorld();
      const [r, other] = [await rep(), await rep()];
      const code = (await codeOf(c)).json().code as string;
      for (const date of [addDays(TODAY, 1), addDays(TODAY, -1)]) {
        const res = await checkIn(r, { appointmentId: (await visit(c, r, { date })).id, code });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.notToday, code: 'check_in_not_today' });
      }
      for (const status of ['cancelled', 'completed', 'no_show']) {
        const res = await checkIn(r, { appointmentId: (await visit(c, r, { status })).id, code });
        expect(res.statusCode, status).toBe(409);
        expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.notActive, code: 'check_in_not_allowed' });
      }
      const confirmed = await visit(c, r, { status: 'confirmed' });
      expect((await checkIn(r, { appointmentId: confirmed.id, code })).statusCode).toBe(200);

      const theirs = await visit(c, other);
      const res = await checkIn(r, { appointmentId: theirs.id, code });
      expect(res.statusCode).toBe(404);
      expect((await checkIn(r, { appointmentId: 2_000_000_000, code })).statusCode).toBe(404);
      expect((await stored(theirs.id)).checkedInAt).toBeNull();
      const asClinic = await ctx.app.inject({
        method: 'POST',
        url: '/api/medrep/check-in',
        headers: { cookie: c.cookie },
        payload: { appointmentId: theirs.id, code },
      });
      expect(asClinic.statusCode).toBe(401);
    });

    it('answers a check-in sent again with the first instant, whatever code it carries', async () => {
      const c = await clinicWorld();
      const r = await rep();
      const v = await visit(c, r);
      const code = (await codeOf(c)).json().code as string;
      expect((await checkIn(r, { appointmentId: v.id, code })).statusCode).toBe(200);
      ctx.clock.advanceMinutes(30);
      for (const body of [{ code }, { code: wrongCode(code) }, { code, typedAt: new Date(now().getTime() - 60_000).toISOString() }]) {
        const again = await checkIn(r, { appointmentId: v.id, ...body });
        expect(again.statusCode, JSON.stringify(body)).toBe(200);
        expect(again.json().checkedInAt).toBe(NOW);
      }
      expect((await stored(v.id)).checkedInAt?.toISOString()).toBe(NOW);
    });

    it('keeps the first of two check-ins of one visit sent at once', async () => {
      const c = await clinicWorld();
      const r = await rep();
      const v = await visit(c, r);
      const secret = await secretOf(c);
      const typed = [new Date(now().getTime() - 30_000), new Date(now().getTime() - 10_000)];
      const answers = await Promise.all(typed.map((t) => checkIn(r, { appointmentId: v.id, code: checkInCodeAt(secret, t), typedAt: t.toISOString() })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const first = answers[0]!.json().checkedInAt;
      expect(answers[1]!.json().checkedInAt).toBe(first);
      expect((await stored(v.id)).checkedInAt?.toISOString()).toBe(first);
    });
  });

  // docs/decisions/046: an offline check-in claims a time; the server takes it only where nothing it saw contradicts it.
  describe('offline: a claimed time the evidence allows', () => {
    const minutes = (m: number) => new Date(Date.parse(NOW) + m * 60_000);
    const sessionRow = async (r: Rep) =>
      (
        await ctx.app.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, r.id)))
      )[0]!;
    /**
     * An ordinary request of the rep's app while online; then the server writes the device's contact, which it does
     * every few seconds in one statement for all sessions (decision 012), at once.
     */
    async function online(r: Rep) {
      const seen = now().getTime();
      const res = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${r.id}`, headers: { cookie: r.cookie } });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          await ctx.app.sessions.flushActivity();
          expect((await sessionRow(r)).lastSeenAt.getTime()).toBe(seen);
        },
        { timeout: 10_000, interval: 50 },
      );
    }

    it('refuses a time before the visit was booked, even with the code of that time', async () => {
      const c = await clinicWorld();
      const r = await rep({ signedInAt: minutes(-60) });
      const secret = await secretOf(c);
      const v = await visit(c, r, { bookedAt: minutes(-10) });
      const typedAt = minutes(-20);
      const res = await checkIn(r, { appointmentId: v.id, code: checkInCodeAt(secret, typedAt), typedAt: typedAt.toISOString() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.typedBeforeBooked, code: 'check_in_time_refused' });
      expect((await stored(v.id)).checkedInAt).toBeNull();
    });

    it('refuses a code seen once and sent 36 minutes later by a phone that was online meanwhile; takes one typed after', async () => {
      const c = await clinicWorld();
      const r = await rep({ signedInAt: minutes(-60) });
      const secret = await secretOf(c);
      const [seen, honest] = [await visit(c, r), await visit(c, r)];
      const typedAt = minutes(-36);
      ctx.clock.set(minutes(-30).toISOString());
      await online(r); // the phone was online 6 minutes after the claimed time: it would have sent the check-in then
      ctx.clock.set(NOW);
      const res = await checkIn(r, { appointmentId: seen.id, code: checkInCodeAt(secret, typedAt), typedAt: typedAt.toISOString() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.typedBeforeLastOnline, code: 'check_in_time_refused' });
      expect((await stored(seen.id)).checkedInAt).toBeNull();

      // Typed after that contact (the network dropped at reception): taken, with both times kept.
      const typedLater = minutes(-20);
      const ok = await checkIn(r, { appointmentId: honest.id, code: checkInCodeAt(secret, typedLater), typedAt: typedLater.toISOString() });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().checkedInAt).toBe(typedLater.toISOString());
      const row = await stored(honest.id);
      expect(row.checkedInAt?.toISOString()).toBe(typedLater.toISOString());
      expect(row.checkInReceivedAt?.toISOString()).toBe(NOW);
      const view = await ctx.app.inject({
        method: 'GET',
        url: `/api/doctor-appointments?clinicId=${c.clinic.id}&doctorId=${honest.doctorId}&date=${TODAY}`,
        headers: { cookie: c.cookie },
      });
      expect(view.json().appointments[0]).toMatchObject({ checked_in_at: typedLater.toISOString(), check_in_received_at: NOW });
    });

    it('takes a check-in typed offline when the phone comes back: the requests of its reconnection do not count against it', async () => {
      const c = await clinicWorld();
      const r = await rep({ signedInAt: minutes(-60) });
      const secret = await secretOf(c);
      const v = await visit(c, r);
      const typedAt = minutes(-40); // offline from before then until now
      await online(r); // the app's own requests as the network returns, before the queue is sent
      expect((await sessionRow(r)).onlineSince?.toISOString()).toBe(NOW);
      ctx.clock.advance(20_000);
      const res = await checkIn(r, { appointmentId: v.id, code: checkInCodeAt(secret, typedAt), typedAt: typedAt.toISOString() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checkedInAt).toBe(typedAt.toISOString());
    });

    it('stores an online check-in with the same instant as typed and received', async () => {
      const c = await clinicWorld();
      const r = await rep();
      const secret = await secretOf(c);
      const v = await visit(c, r);
      expect((await checkIn(r, { appointmentId: v.id, code: checkInCodeAt(secret, now()) })).statusCode).toBe(200);
      const row = await stored(v.id);
      expect(row.checkInReceivedAt?.toISOString()).toBe(NOW);
      expect(row.checkedInAt?.toISOString()).toBe(NOW);
    });
  });

  describe('offline: the code with the instant it was typed', () => {
    it('takes a code valid when it was typed, hours later, and keeps that instant as the check-in', async () => {
      const c = await clinicWorld();
      const r = await rep();
      const v = await visit(c, r);
      const secret = await secretOf(c);
      const typedAt = now();
      const code = checkInCodeAt(secret, typedAt);
      ctx.clock.advanceMinutes(180); // back online in the afternoon
      // The code of now, claimed typed in the morning, was not valid then.
      const wrongTime = await checkIn(r, { appointmentId: v.id, code: checkInCodeAt(secret, now()), typedAt: typedAt.toISOString() });
      expect(wrongTime.statusCode).toBe(400);
      const res = await checkIn(r, { appointmentId: v.id, code, typedAt: typedAt.toISOString() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checkedInAt).toBe(NOW);
      expect((await stored(v.id)).checkedInAt?.toISOString()).toBe(NOW);
    });

    it('takes an instant given with an offset, and one a phone clock puts up to a minute ahead; not further', async () => {
      const c = await clinicWorld();
      const r = await rep();
      const secret = await secretOf(c);
      const ahead = new Date(now().getTime() + 50_000);
      const v1 = await visit(c, r);
      const res = await checkIn(r, { appointmentId: v1.id, code: checkInCodeAt(secret, ahead), typedAt: ahead.toISOString() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checkedInAt).toBe(ahead.toISOString());
      const v2 = await visit(c, r);
      const withOffset = await checkIn(r, { appointmentId: v2.id, code: checkInCodeAt(secret, now()), typedAt: '2026-03-02T10:00:30+05:30' });
      expect(withOffset.statusCode, withOffset.body).toBe(200);
      expect(withOffset.json().checkedInAt).toBe('2026-03-02T04:30:30.000Z');

      const v3 = await visit(c, r);
      const future = new Date(now().getTime() + 3 * 60_000);
      const refused = await checkIn(r, { appointmentId: v3.id, code: checkInCodeAt(secret, future), typedAt: future.toISOString() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation_error');
      const notIso = await checkIn(r, { appointmentId: v3.id, code: checkInCodeAt(secret, now()), typedAt: 'yesterday' });
      expect(notIso.statusCode).toBe(400);
      expect((await stored(v3.id)).checkedInAt).toBeNull();
    });

    it("judges the day by the instant typed: yesterday's visit sent today is taken, today's visit typed yesterday is not", async () => {
      const c = await clinicWorld();
      // Signed in before the visit and offline since (docs/decisions/046).
      const r = await rep({ signedInAt: new Date(Date.parse(NOW) - 2 * 86_400_000) });
      const secret = await secretOf(c);
      const yesterday = await visit(c, r, { date: addDays(TODAY, -1) });
      const typedYesterday = new Date(now().getTime() - 86_400_000); // Sunday 10:01 in India
      const late = await checkIn(r, { appointmentId: yesterday.id, code: checkInCodeAt(secret, typedYesterday), typedAt: typedYesterday.toISOString() });
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json().checkedInAt).toBe(typedYesterday.toISOString());

      const today = await visit(c, r);
      const early = await checkIn(r, { appointmentId: today.id, code: checkInCodeAt(secret, typedYesterday), typedAt: typedYesterday.toISOString() });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('check_in_not_today');
      // 23:59 in India on Sunday is still Sunday; 00:00 is Monday.
      const beforeMidnight = new Date('2026-03-01T18:29:00.000Z');
      const sunday = await checkIn(r, { appointmentId: today.id, code: checkInCodeAt(secret, beforeMidnight), typedAt: beforeMidnight.toISOString() });
      expect(sunday.statusCode).toBe(409);
      const afterMidnight = new Date('2026-03-01T18:30:30.000Z');
      const monday = await checkIn(r, { appointmentId: today.id, code: checkInCodeAt(secret, afterMidnight), typedAt: afterMidnight.toISOString() });
      expect(monday.statusCode, monday.body).toBe(200);
    });
  });

  describe('attempts', () => {
    it(`refuses every try after ${CHECK_IN_ATTEMPTS.max} wrong codes with 429 for 15 minutes, for that rep only`, async () => {
      const c = await clinicWorld();
      const [r, other] = [await rep(), await rep()];
      const [v, v2, theirs] = [await visit(c, r), await visit(c, r), await visit(c, other)];
      const code = (await codeOf(c)).json().code as string;
      for (let i = 0; i < CHECK_IN_ATTEMPTS.max; i++) {
        const res = await checkIn(r, { appointmentId: i % 2 ? v.id : v2.id, code: wrongCode(code) });
        expect(res.statusCode, `wrong code ${i + 1}`).toBe(400);
      }
      const locked = await checkIn(r, { appointmentId: v.id, code });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('rate_limited');
      expect(locked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await stored(v.id)).checkedInAt).toBeNull();
      // Another rep is not held up.
      expect((await checkIn(other, { appointmentId: theirs.id, code })).statusCode).toBe(200);

      ctx.clock.advanceMinutes(15);
      const fresh = (await codeOf(c)).json().code as string;
      const res = await checkIn(r, { appointmentId: v.id, code: fresh });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('gives parallel wrong codes each their own count: no more than the budget is ever tried', async () => {
      const c = await clinicWorld();
      const r = await rep();
      // Each on its own visit, so that the visits' row locks do not put them in a queue.
      const extra = 10;
      const visits = [];
      for (let i = 0; i < CHECK_IN_ATTEMPTS.max + extra; i++) visits.push(await visit(c, r));
      const code = (await codeOf(c)).json().code as string;
      const answers = await Promise.all(
        visits.map((v, i) => checkIn(r, { appointmentId: v.id, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(CHECK_IN_ATTEMPTS.max).fill(400), ...Array<number>(extra).fill(429)]);
    });

    it("counts only wrong codes: a day's check-ins arriving at once all go through", async () => {
      const c = await clinicWorld();
      const r = await rep();
      const code = (await codeOf(c)).json().code as string;
      const visits = [];
      for (let i = 0; i < CHECK_IN_ATTEMPTS.max + 2; i++) visits.push(await visit(c, r));
      expect((await checkIn(r, { appointmentId: visits[0]!.id, code: wrongCode(code) })).statusCode).toBe(400);
      for (const v of visits) expect((await checkIn(r, { appointmentId: v.id, code })).statusCode).toBe(200);
    });
  });
});

// No code in the logs (ARCHITECTURE rule 10; ASVS V7.1): the clinic's code, a wrong one and a right one, at debug level.
for (const kind of testDatabaseKinds()) {
  describe(`check-in codes stay out of the logs [${kind}]`, () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    let app: FastifyInstance;
    let drop: () => Promise<void>;
    const clock = new TestClock(NOW);

    beforeAll(async () => {
      const created = await createTestDatabase(kind);
      drop = created.drop;
      app = await buildApp({ config: testConfig({ LOG_LEVEL: 'debug' }), database: created.database, clock, logStream: stream });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await drop?.();
    }, 60_000);

    /** Every text in a log line (keys and values), so a code inside a number (a timestamp) is no false alarm. */
    const textsOf = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...textsOf(v)]) : [];

    it('writes request logs but no code', async () => {
      const clinic = await createClinic(app.db);
      const r = await createSubscribedRep(app.db);
      const doctor = await createDoctor(app.db, clinic.id, { settings: { availableDays: EVERY_DAY } });
      const v = await createAppointment(app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: r.id, appointmentDate: TODAY });
      const [clinicCookie, repCookie] = [await sessionCookie(app, 'clinic', clinic.id), await sessionCookie(app, 'medrep', r.id)];
      const shown = await app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${clinic.id}`, headers: { cookie: clinicCookie } });
      const code = shown.json().code as string;
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      const post = (c: string) =>
        app.inject({ method: 'POST', url: '/api/medrep/check-in', headers: { cookie: repCookie }, payload: { appointmentId: v.id, code: c } });
      expect((await post(wrong)).statusCode).toBe(400);
      expect((await post(code)).statusCode).toBe(200);

      const texts = lines.flatMap((line) => textsOf(JSON.parse(line)));
      expect(texts.some((t) => t.includes('/api/medrep/check-in'))).toBe(true);
      expect(texts.some((t) => t === 'wrong check-in code')).toBe(true);
      expect(texts.filter((t) => t.includes(code) || t.includes(wrong))).toEqual([]);
    });
  });
}
