import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { cacheKey } from '../../cache/cache-keys';
import { testConfig } from '../../config';
import { clinicMembers } from '../../db/schema';
import { withWrite } from '../../db/write';
import { createClinic, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { callIn, clinicDay, NOW, runLate, secretOf, TODAY, type QueueVisitOfRep } from '../../test/live-queue-fixtures';
import { listen, openStream } from '../../test/sse-client';
import { checkInCodeAt } from '../visits/check-in.service';

// The live queue (docs/decisions/074-live-queue.md): the queue object at each step of a day, its stream over real
// HTTP within 2 s of a change, the board, and after a restart with Last-Event-ID (live-queue-instances.test.ts: across
// two instances of one PostgreSQL database).

describeEachDatabase('live queue', (ctx) => {
  let base: string;
  beforeAll(async () => {
    ctx.clock.set(NOW);
    base = await listen(ctx.app);
  });
  const queueOf = async (v: QueueVisitOfRep) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/appointments/${v.id}/queue`, headers: { cookie: v.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const checkIn = async (v: QueueVisitOfRep, secret: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/check-in',
      headers: { cookie: v.cookie },
      payload: { appointmentId: v.id, code: checkInCodeAt(secret, ctx.clock.now()) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mark = async (c: { cookie: string }, v: QueueVisitOfRep, status: string, reason?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/clinic/appointments/${v.id}/status`,
      headers: { cookie: c.cookie },
      payload: { status, reason },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('answers the queue object at each step of the day: booked, arrived, called, completed, no-show, cancelled, late', async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const [a, b, c] = [await day.visit('10:00'), await day.visit('10:15'), await day.visit('10:30')];
    const on = { lateByMinutes: 0, calledAt: null };

    // Booked: one after another, 15 minutes each, none before its own time.
    expect(await queueOf(a)).toEqual({ ...on, status: 'waiting', position: 1, ahead: 0, etaMinutes: 0 });
    expect(await queueOf(b)).toEqual({ ...on, status: 'waiting', position: 2, ahead: 1, etaMinutes: 15 });
    expect(await queueOf(c)).toEqual({ ...on, status: 'waiting', position: 3, ahead: 2, etaMinutes: 30 });

    // Two reps check in at reception: arrived, in the same places (the visits ahead count arrived or not).
    const secret = await secretOf(ctx.app, day);
    await checkIn(b, secret);
    await checkIn(c, secret);
    expect(await queueOf(b)).toEqual({ ...on, status: 'arrived', position: 2, ahead: 1, etaMinutes: 15 });
    expect(await queueOf(c)).toEqual({ ...on, status: 'arrived', position: 3, ahead: 2, etaMinutes: 30 });

    // 10:05, the doctor calls the first arrived (b): b is in the room, a still first in line, behind b's visit.
    ctx.clock.advanceMinutes(5);
    await callIn(ctx.app.db, b.id, ctx.clock.now());
    expect(await queueOf(b)).toEqual({ ...on, status: 'called', position: null, ahead: 0, etaMinutes: 0, calledAt: ctx.clock.now().toISOString() });
    expect(await queueOf(a)).toEqual({ ...on, status: 'waiting', position: 1, ahead: 1, etaMinutes: 15 });
    expect(await queueOf(c)).toEqual({ ...on, status: 'arrived', position: 2, ahead: 2, etaMinutes: 30 });

    // 10:15, b completed: a is next now, c after a's visit.
    ctx.clock.advanceMinutes(10);
    await mark(day, b, 'completed');
    expect(await queueOf(b)).toMatchObject({ status: 'done', position: null, etaMinutes: null });
    expect(await queueOf(a)).toEqual({ ...on, status: 'waiting', position: 1, ahead: 0, etaMinutes: 0 });
    expect(await queueOf(c)).toEqual({ ...on, status: 'arrived', position: 2, ahead: 1, etaMinutes: 15 });

    // a never came: no-show; c is first, not before its 10:30.
    await mark(day, a, 'no_show');
    expect(await queueOf(a)).toMatchObject({ status: 'no_show', position: null, etaMinutes: null });
    expect(await queueOf(c)).toEqual({ ...on, status: 'arrived', position: 1, ahead: 0, etaMinutes: 15 });

    // A booking at 10:45, then the clinic declines c: the new visit moves up.
    const d = await day.visit('10:45');
    expect(await queueOf(d)).toEqual({ ...on, status: 'waiting', position: 2, ahead: 1, etaMinutes: 30 });
    await mark(day, c, 'cancelled', 'The doctor was called to an emergency');
    expect(await queueOf(c)).toMatchObject({ status: 'cancelled', position: null, etaMinutes: null });
    expect(await queueOf(d)).toEqual({ ...on, status: 'waiting', position: 1, ahead: 0, etaMinutes: 30 });

    // The doctor runs 20 minutes late: every ETA moves by 20.
    await runLate(ctx.app.db, { clinicId: day.clinic.id, doctorId: day.doctor.id, minutes: 20 });
    expect(await queueOf(d)).toEqual({ ...on, lateByMinutes: 20, status: 'waiting', position: 1, ahead: 0, etaMinutes: 50 });
  });

  it("answers only the rep's own visit: another rep gets 404, a clinic 401", async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
    for (const url of [`/api/appointments/${a.id}/queue`, `/api/live/appointments/${a.id}`]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: day.cookie } })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('streams the state at once, then a new event within 2 s of a check-in, a call and lateness; nothing when nothing moved', async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
    const s = await openStream(base, `/api/live/appointments/${b.id}`, b.cookie);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await s.next();
      expect(first).toMatchObject({ event: 'queue', data: { status: 'waiting', position: 2, etaMinutes: 15 } });
      expect(first.id).toMatch(/^[\w-]{16}$/);

      // A change elsewhere in the day that does not move b: no event.
      await ctx.app.inject({
        method: 'POST',
        url: `/api/clinic/appointments/${a.id}/status`,
        headers: { cookie: day.cookie },
        payload: { status: 'confirmed' },
      });
      expect(await s.quiet(500)).toBe(true);

      const secret = await secretOf(ctx.app, day);
      const t0 = Date.now();
      await checkIn(b, secret);
      expect((await s.next(2000)).data).toMatchObject({ status: 'arrived', position: 2 });
      expect(Date.now() - t0).toBeLessThan(2000);

      await callIn(ctx.app.db, a.id, ctx.clock.now());
      expect((await s.next(2000)).data).toMatchObject({ status: 'arrived', position: 1, ahead: 1 });
      await runLate(ctx.app.db, { clinicId: day.clinic.id, doctorId: day.doctor.id, minutes: 15 });
      expect((await s.next(2000)).data).toMatchObject({ lateByMinutes: 15, etaMinutes: 30 });
      await callIn(ctx.app.db, b.id, ctx.clock.now());
      expect((await s.next(2000)).data).toMatchObject({ status: 'called', etaMinutes: 0 });
    } finally {
      await s.close();
    }
  });

  it("sends one change to 50 streams of one doctor's day with one read of the day, not one per stream", async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const visits: QueueVisitOfRep[] = [];
    for (let i = 0; i < 50; i++) visits.push(await day.visit(`10:${String(i).padStart(2, '0')}`));
    // The statements the app sends its database, counted at the driver (each still runs): the day's read is the one
    // that reads the doctor's lateness (live-queue.repo.ts findLateness).
    const client = (ctx.app.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = client.query;
    let dayReads = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
      if (text.includes('"doctor_day_lateness"')) dayReads++;
      return query.apply(this, args);
    };
    const streams = await Promise.all(visits.map((v) => openStream(base, `/api/live/appointments/${v.id}`, v.cookie)));
    try {
      for (const s of streams) await s.next(5000);
      dayReads = 0;
      await callIn(ctx.app.db, visits[0]!.id, ctx.clock.now());
      // Every stream gets its own place in line, cut from one read of the day.
      expect((await streams[0]!.next(5000)).data).toMatchObject({ status: 'called' });
      for (const [i, s] of streams.slice(1).entries()) expect((await s.next(5000)).data).toMatchObject({ position: i + 1, ahead: i + 1 });
      // One read for the 50 (two at most: the writing instance hears its own change at its commit and again back from
      // the bus's LISTEN, db/write.ts; each reads the day once for every stream).
      expect(dayReads).toBeGreaterThanOrEqual(1);
      expect(dayReads).toBeLessThanOrEqual(2);
    } finally {
      client.query = query;
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it("streams the clinic's board: tokens and counts, no rep's name; reception may, another clinic may not", async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
    const other = await createClinic(ctx.app.db);
    const otherCookie = await sessionCookie(ctx.app, 'clinic', other.id);
    const url = `/api/clinic/queue-board?clinicId=${day.clinic.id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/live/clinic-queue?clinicId=${day.clinic.id}`, headers: { cookie: otherCookie } })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).statusCode).toBe(401);
    // The clinic's reception (decision 072) sees the board; a deactivated member does not.
    const [member] = await ctx.app.db
      .insert(clinicMembers)
      .values({ clinicId: day.clinic.id, name: 'Zoya Lone', email: `reception-${day.clinic.id}@example.com`, role: 'reception', status: 'active' })
      .returning();
    const reception = await sessionCookie(ctx.app, 'clinic', day.clinic.id, { memberId: member!.id });
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: reception } })).statusCode).toBe(200);
    // Deactivated as the team's writer does it (decision 072), naming the member's key.
    await withWrite({ db: ctx.app.db }, async (w) => {
      await w.update(clinicMembers).set({ status: 'inactive' }).where(eq(clinicMembers.id, member!.id));
      w.changed(cacheKey.account('clinic-member', member!.id));
    });
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: reception } })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: day.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: TODAY,
      clinicName: day.clinic.clinicName,
      language: null,
      doctors: [
        { doctorId: day.doctor.id, doctorName: day.doctor.name, nowSeeing: null, waitingTokens: [1, 2], waiting: 2, arrived: 0, done: 0, lateByMinutes: 0 },
      ],
    });
    expect(res.body).not.toContain('Ravi');
    expect(res.body).not.toContain('Sun Pharma');
    // The board speaks the clinic's language, as its owner chose it (docs/decisions/045).
    const chosen = await ctx.app.inject({ method: 'PUT', url: '/api/account/language', headers: { cookie: day.cookie }, payload: { language: 'ur' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: day.cookie } })).json().language).toBe('ur');

    const s = await openStream(base, `/api/live/clinic-queue?clinicId=${day.clinic.id}`, day.cookie);
    try {
      expect((await s.next()).event).toBe('board');
      await checkIn(a, await secretOf(ctx.app, day));
      expect((await s.next(2000)).data).toMatchObject({ doctors: [{ arrived: 1, waiting: 2 }] });
      await callIn(ctx.app.db, a.id, ctx.clock.now());
      expect((await s.next(2000)).data).toMatchObject({ doctors: [{ nowSeeing: 1, waitingTokens: [2], waiting: 1 }] });
      await mark(day, b, 'no_show');
      expect((await s.next(2000)).data).toMatchObject({ doctors: [{ nowSeeing: 1, waitingTokens: [], waiting: 0 }] });
      // The owner changes the clinic's language while the board is open: the board, and one that joins its shared
      // read afterwards, speak the new one (not the language the shared read had before).
      const changed = await ctx.app.inject({ method: 'PUT', url: '/api/account/language', headers: { cookie: day.cookie }, payload: { language: 'hi' } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await s.next(2000)).data).toMatchObject({ language: 'hi' });
    } finally {
      await s.close();
    }
  });

  it('comes back after a restart: a new app on the same database, Last-Event-ID, the current state', async () => {
    ctx.clock.set(NOW);
    const day = await clinicDay(ctx.app);
    const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
    const first = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: ctx.database, clock: ctx.clock });
    const s1 = await openStream(await listen(first), `/api/live/appointments/${b.id}`, b.cookie);
    const seen = await s1.next();
    // The app closes (a deploy): the stream ends cleanly instead of holding the close.
    const closing = first.close();
    expect(await s1.waitEnd()).toBe(true);
    await closing;
    await s1.close();

    // While it is down, the doctor calls a in.
    await callIn(ctx.app.db, a.id, ctx.clock.now());
    const second = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: ctx.database, clock: ctx.clock });
    try {
      const again = await openStream(await listen(second), `/api/live/appointments/${b.id}`, b.cookie, seen.id);
      try {
        expect((await again.next()).data).toMatchObject({ position: 1, ahead: 1 });
      } finally {
        await again.close();
      }
      // Reconnected with the id of the state it has: nothing to send until something moves.
      const current = await openStream(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}`, `/api/live/appointments/${b.id}`, b.cookie);
      const now = await current.next();
      await current.close();
      const same = await openStream(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}`, `/api/live/appointments/${b.id}`, b.cookie, now.id);
      try {
        expect(await same.quiet(500)).toBe(true);
      } finally {
        await same.close();
      }
    } finally {
      await second.close();
    }
  });
});
