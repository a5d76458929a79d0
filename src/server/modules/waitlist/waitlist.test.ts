import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking/booking-rules';
import { WAITLIST_MESSAGES } from '../../../shared/booking/waitlist';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { doctorAppointments, jobRuns, outbox, waitlistEntries } from '../../db/schema';
import { runWaitlistSweep } from '../../jobs/waitlist-sweep.job';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase, receivedMail, TestClock } from '../../test/harness';

// The waitlist of a full day (docs/decisions/043): joining in turn, the offer of a freed slot to the first in line (by a
// rep's cancellation or the clinic's decline; never by a no-show), the hold that keeps it from everyone else, accepting,
// declining, leaving and the sweep that passes a run-out hold on, also after a restart. PGlite runs one transaction at a
// time; on PostgreSQL (TEST_DATABASE_URL set) the races are real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const TODAY = '2026-03-02';
const DAY = '2026-03-04'; // Wednesday
const HOLD_ENDS = '2026-03-02T06:30:00.000Z'; // NOW + WAITLIST_HOLD_MINUTES (120)
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const PUSH = { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };

type Reply = LightMyRequestResponse;

describeEachDatabase('the waitlist of a full day', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world(o: { maxSlots?: number; visitWindows?: { start: string; end: string }[] } = {}) {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic', city: 'Srinagar' });
    const doctor = await createDoctor(db, clinic.id, {
      name: 'Dr. Hina Wani',
      specialty: 'Cardiology',
      settings: { maxSlots: o.maxSlots ?? 1, availableDays: EVERY_DAY, visitWindows: o.visitWindows ?? [], slotMinutes: 15 },
    });
    return { clinic, doctor, cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const rep = async (o: Parameters<typeof createSubscribedRep>[1] = {}) => {
    const r = await createSubscribedRep(ctx.app.db, o);
    return { ...r, cookie: await sessionCookie(ctx.app, 'medrep', r.id) };
  };
  type Rep = Awaited<ReturnType<typeof rep>>;
  const call = (r: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Reply> =>
    ctx.app.inject({ method, url, headers: { cookie: r.cookie }, ...(payload ? { payload } : {}) });
  const join = (w: World, r: Rep, date = DAY) => call(r, 'POST', '/api/waitlist', { doctorId: w.doctor.id, clinicId: w.clinic.id, date });
  const book = (w: World, r: Rep, date = DAY, startTime?: string) =>
    call(r, 'POST', '/api/book-appointment', {
      doctorId: w.doctor.id,
      clinicId: w.clinic.id,
      repId: r.id,
      appointmentDate: date,
      ...(startTime ? { startTime } : {}),
    });
  const entryOf = async (r: Rep) => {
    const res = await call(r, 'GET', '/api/waitlist');
    expect(res.statusCode).toBe(200);
    return res.json().entries[0];
  };
  const mails = (r: Rep, templateType: string) =>
    ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipientEmail, r.email), eq(outbox.templateType, templateType)));
  /** A full day: `holder` books its one slot. */
  const fullDay = async (w: World, date = DAY) => {
    const holder = await rep();
    const booked = await book(w, holder, date);
    expect(booked.statusCode).toBe(201);
    return { holder, visitId: booked.json().appointment.id as number };
  };
  const sweep = (now = ctx.clock.now()) => runWaitlistSweep({ app: ctx.app, now });

  it('reps join a full day in turn: positions 1, 2 and 3; a second join is 409; the clinic sees 3 waiting', async () => {
    const w = await world();
    await fullDay(w);
    const [a, b, c] = [await rep(), await rep(), await rep()];
    const answers = [await join(w, a), await join(w, b), await join(w, c)];
    expect(answers.map((x) => x.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((x) => x.json())).toEqual(
      [1, 2, 3].map((position, i) => ({ message: 'You have joined the waitlist', entry: { id: answers[i]!.json().entry.id, position, status: 'waiting' } })),
    );
    expect(await entryOf(b)).toEqual({
      id: answers[1]!.json().entry.id,
      doctorId: w.doctor.id,
      clinicId: w.clinic.id,
      date: DAY,
      position: 2,
      status: 'waiting',
      offerExpiresAt: null,
      doctorName: 'Dr. Hina Wani',
      doctorSpecialty: 'Cardiology',
      clinicName: 'Dal Gate Clinic',
      heldStartTime: null,
    });
    const again = await join(w, a);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyWaiting, code: 'already_waitlisted' });
    const day = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-appointments?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&date=${DAY}`,
      headers: { cookie: w.cookie },
    });
    expect(day.json()).toMatchObject({ waiting: 3 });
  });

  it("refuses a day with free slots in the decision's words, another rule's refusal in its own, and a rep without a subscription", async () => {
    const w = await world({ maxSlots: 2 });
    const r = await rep();
    const free = await join(w, r);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ message: 'Slots are available on this date. Please book it.', code: 'slots_available' });
    // Full now; a rep with a future visit with this doctor here may not book it, so may not wait for it either.
    await fullDay(w);
    await fullDay(w);
    expect((await book(w, r, '2026-03-10')).statusCode).toBe(201);
    const frozen = await join(w, r);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({ message: BOOKING_MESSAGES.hasFutureAppointment, code: 'has_future_appointment' });
    const lapsed = await createRep(ctx.app.db);
    const noPlan = await join(w, { ...lapsed, cookie: await sessionCookie(ctx.app, 'medrep', lapsed.id) });
    expect(noPlan.statusCode).toBe(402);
    expect(noPlan.json().code).toBe('subscription_required');
    expect(await ctx.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.doctorId, w.doctor.id))).toEqual([]);
  });

  it("a rep's cancellation offers the slot to the first in line, by e-mail and push, and holds it from everyone else", async () => {
    const w = await world();
    const { holder, visitId } = await fullDay(w);
    const first = await rep({ pushSubscription: PUSH });
    const second = await rep();
    await join(w, first);
    await join(w, second);
    expect((await call(holder, 'DELETE', `/api/appointments/${visitId}`)).statusCode).toBe(200);

    expect(await entryOf(first)).toMatchObject({ status: 'offered', position: null, offerExpiresAt: HOLD_ENDS, heldStartTime: null });
    expect(await entryOf(second)).toMatchObject({ status: 'waiting', position: 1, offerExpiresAt: null });
    const [mail] = await mails(first, 'waitlist_offer').then((rows) => rows.filter((m) => m.channel === 'email'));
    expect(mail?.subject).toBe('A slot is free: Dr. Hina Wani on 04/03/2026');
    const { text } = await receivedMail(ctx, mail!);
    expect(text).toContain('You have 2 hours to book it, until 12:00 (IST) on 02/03/2026');
    expect(text).toContain('http://localhost:5000/medrep-dashboard?tab=appointments');
    expect((await mails(first, 'waitlist_offer')).map((m) => m.channel).sort()).toEqual(['email', 'push']);
    expect(await mails(second, 'waitlist_offer')).toEqual([]);

    // The held slot is taken for everyone else, and the calendar and the day's times say so.
    const other = await rep();
    const refused = await book(w, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.full);
    expect((await book(w, second)).statusCode).toBe(409);
    const month = await call(other, 'GET', `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&month=2026-03`);
    expect(month.json().days.find((d: { date: string }) => d.date === DAY)).toMatchObject({ selectable: false, reason: 'full', slotsLeft: 0 });
    const slots = await call(other, 'GET', `/api/booking/day-slots?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&date=${DAY}`);
    expect(slots.json().slotsLeft).toBe(0);
  });

  it('accepting books the held visit time, once; the entry records the visit', async () => {
    const w = await world({ maxSlots: 2, visitWindows: [{ start: '10:00', end: '10:30' }] });
    const early = await rep();
    const bookedEarly = await book(w, early, DAY, '10:00');
    expect(bookedEarly.statusCode).toBe(201);
    expect((await book(w, await rep(), DAY, '10:15')).statusCode).toBe(201);
    const waiting = await rep();
    const entryId = (await join(w, waiting)).json().entry.id;
    await call(early, 'DELETE', `/api/appointments/${bookedEarly.json().appointment.id}`);
    expect(await entryOf(waiting)).toMatchObject({ status: 'offered', heldStartTime: '10:00' });
    // The held time is taken for others: 10:00 is the only time free and it is held.
    expect((await book(w, await rep(), DAY, '10:00')).statusCode).toBe(409);

    const accepted = await call(waiting, 'POST', `/api/waitlist/${entryId}/accept`);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      message: 'Appointment booked successfully',
      appointment: { appointment_date: DAY, start_time: '10:00', token: 1, status: 'booked', rep_id: waiting.id, clinic_name: 'Dal Gate Clinic' },
    });
    const [row] = await ctx.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    expect(row).toMatchObject({ status: 'accepted', appointmentId: accepted.json().appointment.id, offerExpiresAt: null });
    expect(await entryOf(waiting)).toMatchObject({ status: 'accepted', position: null, heldStartTime: null });
    expect(await mails(waiting, 'booking')).toHaveLength(1);
    const twice = await call(waiting, 'POST', `/api/waitlist/${entryId}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This offer is no longer open.', code: 'offer_closed' });
  });

  it('declining passes the slot to the next in line; a hold that runs out is passed on by the sweep', async () => {
    const w = await world();
    const { holder, visitId } = await fullDay(w);
    const [a, b, c] = [await rep(), await rep(), await rep()];
    const ids: number[] = [];
    for (const r of [a, b, c]) ids.push((await join(w, r)).json().entry.id);
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    expect(await entryOf(a)).toMatchObject({ status: 'offered' });

    const declined = await call(a, 'POST', `/api/waitlist/${ids[0]}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: 'Offer declined. It has been passed to the next rep in line.' });
    expect(await entryOf(a)).toMatchObject({ status: 'declined' });
    expect(await entryOf(b)).toMatchObject({ status: 'offered', offerExpiresAt: HOLD_ENDS });
    expect(await entryOf(c)).toMatchObject({ status: 'waiting', position: 1 });

    // b lets the hold run out: it reads expired at once; the sweep passes the slot to c.
    ctx.clock.advanceMinutes(121);
    expect(await entryOf(b)).toMatchObject({ status: 'expired', offerExpiresAt: null });
    // (The sweep is the whole database's: other tests' offers may run out at the same time.)
    const run = await sweep();
    expect(run.status).toBe('succeeded');
    expect(run.counts.offered).toBeGreaterThanOrEqual(1);
    expect(await entryOf(c)).toMatchObject({ status: 'offered' });
    const late = await call(b, 'POST', `/api/waitlist/${ids[1]}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('offer_closed');
    // A sweep with nothing to do (a minute later) keeps no row of its own: the job's one idle row says it ran (decision 056).
    ctx.clock.advanceMinutes(1);
    const idle = await sweep();
    expect(idle.status).toBe('succeeded');
    const runs = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, 'waitlist-sweep'));
    expect(runs.filter((r) => r.id === run.runId)).toHaveLength(1);
    expect(runs.filter((r) => Object.values(r.counts ?? {}).every((n) => n === 0)).map((r) => r.id)).toEqual([idle.runId]);
  });

  it("the clinic's decline offers the slot; a no-show offers nothing", async () => {
    const w = await world();
    const { visitId } = await fullDay(w);
    const next = await rep();
    await join(w, next);
    const decline = await ctx.app.inject({
      method: 'POST',
      url: `/api/clinic/appointments/${visitId}/status`,
      headers: { cookie: w.cookie },
      payload: { status: 'cancelled', reason: 'The doctor is in surgery' },
    });
    expect(decline.statusCode).toBe(200);
    expect(await entryOf(next)).toMatchObject({ status: 'offered' });

    // Today's visit marked no-show: its slot was spent all the same, so there is nothing to offer.
    const holder = await rep();
    const today = await createAppointment(ctx.app.db, {
      doctorId: w.doctor.id,
      clinicId: w.clinic.id,
      repId: holder.id,
      appointmentDate: TODAY,
      status: 'booked',
    });
    const hopeful = await rep();
    expect((await join(w, hopeful, TODAY)).statusCode).toBe(201);
    const noShow = await ctx.app.inject({
      method: 'POST',
      url: `/api/clinic/appointments/${today.id}/status`,
      headers: { cookie: w.cookie },
      payload: { status: 'no_show' },
    });
    expect(noShow.statusCode).toBe(200);
    expect(await entryOf(hopeful)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await mails(hopeful, 'waitlist_offer')).toEqual([]);
  });

  it('leaving: the entry goes; leaving an offer passes its slot on; another rep gets 404', async () => {
    const w = await world();
    const { holder, visitId } = await fullDay(w);
    const [a, b] = [await rep(), await rep()];
    const aId = (await join(w, a)).json().entry.id;
    await join(w, b);
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    const notMine = await call(b, 'DELETE', `/api/waitlist/${aId}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ message: 'Waitlist entry not found', code: 'waitlist_not_found' });
    expect((await call(b, 'POST', `/api/waitlist/${aId}/accept`)).statusCode).toBe(404);
    const left = await call(a, 'DELETE', `/api/waitlist/${aId}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: 'You have left the waitlist' });
    expect((await call(a, 'GET', '/api/waitlist')).json().entries).toEqual([]);
    expect(await entryOf(b)).toMatchObject({ status: 'offered' });
  });

  it('parallel accepts of one offer book once', async () => {
    const w = await world();
    const { holder, visitId } = await fullDay(w);
    const r = await rep();
    const id = (await join(w, r)).json().entry.id;
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(r, 'POST', `/api/waitlist/${id}/accept`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const visits = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, r.id));
    expect(visits).toHaveLength(1);
  });

  it('reps joining at once get distinct places 1..n', async () => {
    const w = await world();
    await fullDay(w);
    const reps = await Promise.all(Array.from({ length: 8 }, () => rep()));
    const answers = await Promise.all(reps.map((r) => join(w, r)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.map((a) => a.json().entry.position).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('an offer held across a restart passes to the next after its hold, from the database alone', async () => {
    const w = await world();
    const { holder, visitId } = await fullDay(w);
    const [a, b] = [await rep(), await rep()];
    await join(w, a);
    await join(w, b);
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    expect(await entryOf(a)).toMatchObject({ status: 'offered' });

    // A new instance on the same database, past the hold (a minute no other test's sweep ran in).
    const clock = new TestClock('2026-03-02T06:45:00.000Z');
    const restarted = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: ctx.database, clock });
    try {
      await restarted.ready();
      const run = await runWaitlistSweep({ app: restarted, now: clock.now() });
      expect(run.status).toBe('succeeded');
      expect(run.counts.offered).toBeGreaterThanOrEqual(1);
    } finally {
      await restarted.close();
    }
    ctx.clock.set('2026-03-02T06:45:00.000Z');
    expect(await entryOf(a)).toMatchObject({ status: 'expired' });
    expect(await entryOf(b)).toMatchObject({ status: 'offered', offerExpiresAt: '2026-03-02T08:45:00.000Z' });

    // Once the day is gone, its line closes. (Last: the job history is per minute, and this run is days ahead.)
    ctx.clock.advanceDays(3);
    expect((await sweep()).counts.expiredPast).toBeGreaterThan(0);
    const left = await ctx.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.doctorId, w.doctor.id));
    expect(left.filter((e) => e.status === 'waiting' || e.status === 'offered')).toEqual([]);
  });

  // docs/decisions/050: no hoarding of a doctor's days, holds bounded by the visit, and a lapsed offer told.
  it('a rep first in line on two days of a doctor holds one offer at a time; accepting it gives up the other place', async () => {
    const w = await world();
    const later = '2026-03-05';
    const x = await fullDay(w);
    const y = await fullDay(w, later);
    const [a, b] = [await rep(), await rep()];
    const aX = (await join(w, a)).json().entry.id;
    await join(w, a, later);
    await join(w, b);
    await join(w, b, later);
    await call(x.holder, 'DELETE', `/api/appointments/${x.visitId}`);
    await call(y.holder, 'DELETE', `/api/appointments/${y.visitId}`);
    const listOf = async (r: Rep) => (await call(r, 'GET', '/api/waitlist')).json().entries as { date: string; status: string; position: number | null }[];
    // a holds the first day's offer; the second day's goes to b, and a keeps the first place there.
    expect((await listOf(a)).map((e) => [e.date, e.status, e.position])).toEqual([
      [DAY, 'offered', null],
      [later, 'waiting', 1],
    ]);
    expect((await listOf(b)).map((e) => [e.date, e.status])).toEqual([
      [DAY, 'waiting'],
      [later, 'offered'],
    ]);
    const accepted = await call(a, 'POST', `/api/waitlist/${aX}/accept`);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().released).toBe(1);
    expect((await listOf(a)).map((e) => [e.date, e.status])).toEqual([[DAY, 'accepted']]);
  });

  it("a lapsed offer is told by e-mail and push, and reads expired in the rep's list", async () => {
    const day = '2026-03-11';
    ctx.clock.set('2026-03-09T04:30:00.000Z');
    const w = await world();
    const { holder, visitId } = await fullDay(w, day);
    const a = await rep({ pushSubscription: PUSH });
    await join(w, a, day);
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    expect(await mails(a, 'waitlist_offer_expired')).toEqual([]);
    ctx.clock.advanceMinutes(121);
    expect((await sweep()).status).toBe('succeeded');
    const told = await mails(a, 'waitlist_offer_expired');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'push']);
    const mail = told.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe('Offer expired: Dr. Hina Wani on 11/03/2026');
    expect((await receivedMail(ctx, mail)).text).toContain('was not booked in time, so it has gone to the next rep in line');
    expect(await entryOf(a)).toMatchObject({ status: 'expired', offerExpiresAt: null });
    // A second sweep tells nothing more.
    ctx.clock.advanceMinutes(1);
    await sweep();
    expect(await mails(a, 'waitlist_offer_expired')).toHaveLength(2);
    // The rep removes it from the list.
    const removed = await call(a, 'DELETE', `/api/waitlist/${(await entryOf(a)).id}`);
    expect(removed.json()).toEqual({ message: 'Removed from your waitlist' });
    expect((await call(a, 'GET', '/api/waitlist')).json().entries).toEqual([]);
  });
  it('a hold shrinks to 30 minutes the day before, and the line stops offering 2 hours before the visit: the slot is open to all', async () => {
    // (Days after the restart test's: the job history is per minute and a run blocks the earlier ones.)
    const day = '2026-03-18'; // a Wednesday
    ctx.clock.set('2026-03-17T04:30:00.000Z'); // Tuesday 10:00 in India, the day before
    const w = await world();
    const { holder, visitId } = await fullDay(w, day);
    const [a, b] = [await rep(), await rep()];
    await join(w, a, day);
    await join(w, b, day);
    await call(holder, 'DELETE', `/api/appointments/${visitId}`);
    expect(await entryOf(a)).toMatchObject({ status: 'offered', offerExpiresAt: '2026-03-17T05:00:00.000Z' });
    const [mail] = (await mails(a, 'waitlist_offer')).filter((m) => m.channel === 'email');
    expect((await receivedMail(ctx, mail!)).text).toContain('You have 30 minutes to book it, until 10:30 (IST) on 17/03/2026');

    // a lets it run out; the sweep comes at 06:52 on the day: a whole-day visit starts 09:00, the chain ended 07:00
    // less the shortest hold, so b is not offered and another rep books the slot.
    ctx.clock.set('2026-03-18T01:22:00.000Z');
    expect((await sweep()).status).toBe('succeeded');
    // (Sessions signed in again: a day has passed.)
    for (const r of [a, b]) r.cookie = await sessionCookie(ctx.app, 'medrep', r.id);
    expect(await entryOf(a)).toMatchObject({ status: 'expired' });
    expect(await entryOf(b)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await mails(b, 'waitlist_offer')).toEqual([]);
    expect((await book(w, await rep(), day)).statusCode).toBe(201);
  });
});
