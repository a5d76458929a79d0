import { and, between, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking/booking-rules';
import { addDays } from '../../../shared/dates';
import { LEAVE_LIMITS, LEAVE_MESSAGES } from '../../../shared/schemas/leave';
import { clinicAbsences, clinicDoctors, clinicDoctorSettings, doctorAppointments, medicalReps } from '../../db/schema';
import { deliverOutbox, describeEachDatabase } from '../../test/harness';
import { browserSubscription, PushService } from '../../test/push-service';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// Planned absences (docs/decisions/040-planned-absences.md): a doctor's leave or the whole clinic closed, entered
// ahead. The covered visits are cancelled and the reps told at once; no one can book an absence day, also while
// a booking races the new absence. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL set)
// the race is real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const REASON = 'Doctor is attending a conference';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

type Reply = LightMyRequestResponse;

const push = new PushService();
beforeAll(() => push.start());
afterAll(() => push.stop());

describeEachDatabase(
  'planned absences: doctor leave and clinic holidays',
  (ctx) => {
    beforeEach(() => ctx.clock.set(NOW));

    async function world(o: { doctors?: number } = {}) {
      const db = ctx.app.db;
      const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic' });
      const doctors = [];
      for (let i = 0; i < (o.doctors ?? 1); i++) doctors.push(await createDoctor(db, clinic.id, { settings: { maxSlots: 20, availableDays: EVERY_DAY } }));
      return { clinic, doctors, doctor: doctors[0]!, cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
    }
    type World = Awaited<ReturnType<typeof world>>;

    const addLeave = (w: World, body: Record<string, unknown>, cookie = w.cookie): Promise<Reply> =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/leave',
        headers: { cookie },
        payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, reason: REASON, ...body },
      });
    const preview = (w: World, q: Record<string, string | number>, cookie = w.cookie): Promise<Reply> =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/clinic/leave/preview?${new URLSearchParams(Object.entries({ clinicId: w.clinic.id, ...q }).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
        headers: { cookie },
      });
    const listLeave = (w: World, q = '', cookie = w.cookie): Promise<Reply> =>
      ctx.app.inject({ method: 'GET', url: `/api/clinic/leave?clinicId=${w.clinic.id}${q}`, headers: { cookie } });
    const endLeave = (id: number, cookie: string): Promise<Reply> => ctx.app.inject({ method: 'DELETE', url: `/api/clinic/leave/${id}`, headers: { cookie } });
    const rep = async () => {
      const r = await createSubscribedRep(ctx.app.db);
      return { ...r, cookie: await sessionCookie(ctx.app, 'medrep', r.id) };
    };
    type Rep = Awaited<ReturnType<typeof rep>>;
    const book = (r: Rep, clinicId: number, doctorId: number, date: string): Promise<Reply> =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/book-appointment',
        headers: { cookie: r.cookie },
        payload: { doctorId, clinicId, repId: r.id, appointmentDate: date },
      });
    const calendarDay = async (r: Rep, clinicId: number, doctorId: number, date: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctorId}&month=${date.slice(0, 7)}`,
        headers: { cookie: r.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json().days.find((d: { date: string }) => d.date === date);
    };
    const visit = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
    const activeBetween = (doctorIds: number[], from: string, to: string) =>
      ctx.app.db
        .select({ id: doctorAppointments.id })
        .from(doctorAppointments)
        .where(
          and(
            inArray(doctorAppointments.doctorId, doctorIds),
            inArray(doctorAppointments.status, ['booked', 'confirmed']),
            between(doctorAppointments.appointmentDate, from, to),
          ),
        );

    describe("a doctor's leave", () => {
      it('cancels the visits it covers with the reason, e-mails each rep with a calendar CANCEL, pushes where allowed', async () => {
        const w = await world({ doctors: 2 });
        const [doctor, colleague] = w.doctors as [World['doctor'], World['doctor']];
        const elsewhere = await createClinic(ctx.app.db);
        await ctx.app.db.insert(clinicDoctors).values({ clinicId: elsewhere.id, doctorId: doctor.id });
        const [asif, bina, chand, dev, esha] = [await rep(), await rep(), await rep(), await rep(), await rep()];
        // Browser subscriptions at the stand-in push service; Bina has one but turned push off.
        const tag = `${ctx.kind}-${randomBytes(3).toString('hex')}`;
        const subscriptions = new Map([asif, bina].map((r) => [r.id, browserSubscription(`http://127.0.0.1:${push.port}/ok/${tag}-${r.id}`)]));
        for (const r of [asif, bina]) {
          const saved = await ctx.app.inject({
            method: 'POST',
            url: '/api/medrep/push-subscription',
            headers: { cookie: r.cookie },
            payload: { subscription: subscriptions.get(r.id)!.json },
          });
          expect(saved.statusCode).toBeLessThan(300);
        }
        await ctx.app.db.update(medicalReps).set({ pushNotifications: false }).where(eq(medicalReps.id, bina.id));
        const covered = [
          await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: w.clinic.id, repId: asif.id, appointmentDate: '2026-03-04' }),
          await createAppointment(ctx.app.db, {
            doctorId: doctor.id,
            clinicId: w.clinic.id,
            repId: bina.id,
            appointmentDate: '2026-03-05',
            status: 'confirmed',
            startTime: '15:30',
          }),
        ];
        const untouched = [
          await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: w.clinic.id, repId: chand.id, appointmentDate: '2026-03-06' }),
          await createAppointment(ctx.app.db, { doctorId: colleague.id, clinicId: w.clinic.id, repId: dev.id, appointmentDate: '2026-03-04' }),
          await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: elsewhere.id, repId: esha.id, appointmentDate: '2026-03-04' }),
        ];

        // The panel's count before saving: this doctor's two; the whole clinic would cancel the colleague's too.
        expect((await preview(w, { doctorId: doctor.id, from: '2026-03-04', to: '2026-03-05' })).json()).toEqual({ cancelledCount: 2 });
        expect((await preview(w, { from: '2026-03-04', to: '2026-03-05' })).json()).toEqual({ cancelledCount: 3 });

        const res = await addLeave(w, { from: '2026-03-04', to: '2026-03-05' });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({
          message: LEAVE_MESSAGES.created,
          leave: { id: expect.any(Number), clinicId: w.clinic.id, doctorId: doctor.id, from: '2026-03-04', to: '2026-03-05', reason: REASON },
          cancelledCount: 2,
          notified: 2,
        });
        for (const v of covered) {
          expect(await visit(v.id)).toMatchObject({ status: 'cancelled', cancelReason: REASON, cancelledBy: 'clinic' });
          expect((await visit(v.id)).cancelledAt?.toISOString()).toBe(NOW);
        }
        for (const v of untouched) expect((await visit(v.id)).status).toBe('booked');

        for (const [r, v, when] of [
          [asif, covered[0]!, '04/03/2026'],
          [bina, covered[1]!, '05/03/2026 at 15:30'],
        ] as const) {
          const mail = await ctx.mailbox.waitFor(r.email, (m) => m.text.includes(REASON));
          expect(mail.subject).toBe(`Appointment cancelled: Dr. ${doctor.name.replace(/^Dr\.?\s*/, '')} on ${when}`);
          expect(mail.text).toContain('Dal Gate Clinic has cancelled your appointment');
          const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
          expect(ics?.content).toContain('METHOD:CANCEL');
          expect(ics?.content).toContain(`UID:appointment-${v.id}@`);
        }
        await deliverOutbox(ctx);
        for (const r of [chand, dev, esha]) expect(ctx.mailbox.to(r.email).some((m) => m.text.includes(REASON))).toBe(false);

        // One push, delivered to the browser of the rep who allowed it, with the reason; none to Bina.
        const received = (r: Rep) => push.received.filter((p) => p.path === `/ok/${tag}-${r.id}`);
        expect(received(bina)).toEqual([]);
        expect(received(asif)).toHaveLength(1);
        expect(subscriptions.get(asif.id)!.decrypt(received(asif)[0]!.body)).toMatchObject({
          title: 'Visit cancelled',
          body: `Dal Gate Clinic cancelled your visit to ${doctor.name} on 04/03/2026. Reason: ${REASON}`,
        });

        // Nothing is left to cancel: the preview says 0 now.
        expect((await preview(w, { doctorId: doctor.id, from: '2026-03-04', to: '2026-03-05' })).json()).toEqual({ cancelledCount: 0 });
      });

      it('refuses bookings in the range with 409 and the leave message; a day outside, a colleague and another clinic stay bookable', async () => {
        const w = await world({ doctors: 2 });
        const [doctor, colleague] = w.doctors as [World['doctor'], World['doctor']];
        const elsewhere = await createClinic(ctx.app.db);
        await ctx.app.db.insert(clinicDoctors).values({ clinicId: elsewhere.id, doctorId: doctor.id });
        await ctx.app.db
          .insert(clinicDoctorSettings)
          .values({ clinicId: elsewhere.id, doctorId: doctor.id, doctorName: doctor.name, maxSlots: 3, callFrequency: 7, availableDays: EVERY_DAY });
        const [a, b, c, d] = [await rep(), await rep(), await rep(), await rep()];
        // The calendar month is read (and cached) before the absence: it must drop.
        expect(await calendarDay(a, w.clinic.id, doctor.id, '2026-03-04')).toMatchObject({ selectable: true, reason: null });
        expect((await addLeave(w, { from: '2026-03-04', to: '2026-03-05' })).statusCode).toBe(201);

        for (const date of ['2026-03-04', '2026-03-05']) {
          const refused = await book(a, w.clinic.id, doctor.id, date);
          expect(refused.statusCode).toBe(409);
          expect(refused.json()).toEqual({ message: BOOKING_MESSAGES.leave, code: 'leave' });
          expect(await calendarDay(a, w.clinic.id, doctor.id, date)).toMatchObject({ selectable: false, reason: 'leave' });
        }
        expect(await calendarDay(a, w.clinic.id, doctor.id, '2026-03-06')).toMatchObject({ selectable: true, reason: null });
        expect((await book(a, w.clinic.id, doctor.id, '2026-03-06')).statusCode).toBe(201);
        expect((await book(b, w.clinic.id, colleague.id, '2026-03-04')).statusCode).toBe(201);
        expect((await book(c, elsewhere.id, doctor.id, '2026-03-04')).statusCode).toBe(201);
        // The day's times offer nothing on a leave day.
        const slots = await ctx.app.inject({
          method: 'GET',
          url: `/api/booking/day-slots?clinicId=${w.clinic.id}&doctorId=${doctor.id}&date=2026-03-05`,
          headers: { cookie: d.cookie },
        });
        expect(slots.json()).toMatchObject({ slotsLeft: 0 });

        const listed = await listLeave(w);
        expect(listed.json().leaves).toEqual([expect.objectContaining({ doctorId: doctor.id, from: '2026-03-04', to: '2026-03-05', reason: REASON })]);
      });

      it('lifts the call-frequency freeze: the rep whose visit was cancelled books another date at once', async () => {
        const w = await world();
        const r = await rep();
        expect((await book(r, w.clinic.id, w.doctor.id, '2026-03-04')).statusCode).toBe(201);
        // Before: the rep's future visit here blocks another booking.
        expect((await book(r, w.clinic.id, w.doctor.id, '2026-03-06')).statusCode).toBe(409);
        const res = await addLeave(w, { from: '2026-03-04', to: '2026-03-04' });
        expect(res.json()).toMatchObject({ cancelledCount: 1, notified: 1 });
        expect(await calendarDay(r, w.clinic.id, w.doctor.id, '2026-03-06')).toMatchObject({ selectable: true, reason: null });
        expect((await book(r, w.clinic.id, w.doctor.id, '2026-03-06')).statusCode).toBe(201);
      });
    });

    describe('the whole clinic closed', () => {
      it("cancels every doctor's visits in the range and refuses bookings with the clinic-closed message", async () => {
        const w = await world({ doctors: 2 });
        const [first, second] = w.doctors as [World['doctor'], World['doctor']];
        const [a, b, c] = [await rep(), await rep(), await rep()];
        const visits = [
          await createAppointment(ctx.app.db, { doctorId: first.id, clinicId: w.clinic.id, repId: a.id, appointmentDate: '2026-03-10' }),
          await createAppointment(ctx.app.db, { doctorId: second.id, clinicId: w.clinic.id, repId: b.id, appointmentDate: '2026-03-11' }),
          await createAppointment(ctx.app.db, { doctorId: second.id, clinicId: w.clinic.id, repId: a.id, appointmentDate: '2026-03-12' }),
        ];
        const res = await addLeave(w, { doctorId: null, from: '2026-03-10', to: '2026-03-12', reason: 'Clinic holiday' });
        expect(res.statusCode).toBe(201);
        // Three visits, two reps.
        expect(res.json()).toMatchObject({ leave: { doctorId: null }, cancelledCount: 3, notified: 2 });
        for (const v of visits) expect((await visit(v.id)).status).toBe('cancelled');
        const both = await ctx.mailbox.waitFor(a.email, (m) => m.text.includes('Clinic holiday') && m.subject.includes('12/03/2026'));
        expect(both.attachments.some((x) => x.content.includes('METHOD:CANCEL'))).toBe(true);

        for (const doctor of [first, second]) {
          const refused = await book(c, w.clinic.id, doctor.id, '2026-03-11');
          expect(refused.statusCode).toBe(409);
          expect(refused.json()).toEqual({ message: BOOKING_MESSAGES.clinicClosed, code: 'clinic_closed' });
          expect(await calendarDay(c, w.clinic.id, doctor.id, '2026-03-11')).toMatchObject({ selectable: false, reason: 'clinic_closed' });
        }
        // A doctor's own leave over the same days: the whole clinic's closure is the reason shown.
        expect((await addLeave(w, { doctorId: first.id, from: '2026-03-12', to: '2026-03-13' })).statusCode).toBe(201);
        expect(await calendarDay(c, w.clinic.id, first.id, '2026-03-12')).toMatchObject({ reason: 'clinic_closed' });
        expect(await calendarDay(c, w.clinic.id, first.id, '2026-03-13')).toMatchObject({ reason: 'leave' });
        expect(await calendarDay(c, w.clinic.id, second.id, '2026-03-13')).toMatchObject({ selectable: true, reason: null });
      });
    });

    describe('ending an absence', () => {
      it('reopens its days; the visits it cancelled stay cancelled; twice answers alike; another clinic gets 404', async () => {
        const w = await world();
        const other = await world();
        const [a, b] = [await rep(), await rep()];
        const cancelled = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: a.id, appointmentDate: '2026-03-04' });
        const created = await addLeave(w, { from: '2026-03-04', to: '2026-03-06' });
        const id = created.json().leave.id as number;
        const whole = await addLeave(w, { doctorId: null, from: '2026-03-20', to: '2026-03-21', reason: 'Clinic holiday' });
        expect((await book(b, w.clinic.id, w.doctor.id, '2026-03-05')).statusCode).toBe(409);
        expect(await calendarDay(b, w.clinic.id, w.doctor.id, '2026-03-05')).toMatchObject({ reason: 'leave' });

        const denied = await endLeave(id, other.cookie);
        expect(denied.statusCode).toBe(404);
        expect(denied.json().message).toBe(LEAVE_MESSAGES.notFound);
        expect((await endLeave(2_000_000_000, w.cookie)).statusCode).toBe(404);
        expect((await listLeave(w)).json().leaves.map((l: { id: number }) => l.id)).toEqual([id, whole.json().leave.id]);

        const ended = await endLeave(id, w.cookie);
        expect(ended.statusCode).toBe(200);
        expect(ended.json()).toEqual({ message: LEAVE_MESSAGES.ended });
        expect(await calendarDay(b, w.clinic.id, w.doctor.id, '2026-03-05')).toMatchObject({ selectable: true, reason: null });
        expect((await book(b, w.clinic.id, w.doctor.id, '2026-03-05')).statusCode).toBe(201);
        expect((await visit(cancelled.id)).status).toBe('cancelled');
        expect((await listLeave(w)).json().leaves.map((l: { id: number }) => l.id)).toEqual([whole.json().leave.id]);
        // Ending it again (a second press, a retry) answers as the first time and changes nothing.
        const [row] = await ctx.app.db.select().from(clinicAbsences).where(eq(clinicAbsences.id, id));
        ctx.clock.advanceMinutes(5);
        expect((await endLeave(id, w.cookie)).json()).toEqual({ message: LEAVE_MESSAGES.ended });
        const [again] = await ctx.app.db.select().from(clinicAbsences).where(eq(clinicAbsences.id, id));
        expect(again!.endedAt).toEqual(row!.endedAt);

        // The whole-clinic closure ends the same way.
        const c = await rep();
        expect((await book(c, w.clinic.id, w.doctor.id, '2026-03-20')).json().code).toBe('clinic_closed');
        expect((await endLeave(whole.json().leave.id, w.cookie)).statusCode).toBe(200);
        expect(await calendarDay(c, w.clinic.id, w.doctor.id, '2026-03-20')).toMatchObject({ selectable: true });
      });

      it('lists the absences in force overlapping a range, from today on by default', async () => {
        const w = await world();
        for (const [from, to] of [
          ['2026-03-02', '2026-03-03'],
          ['2026-04-01', '2026-04-05'],
          ['2026-05-10', '2026-05-10'],
        ])
          expect((await addLeave(w, { from, to })).statusCode).toBe(201);
        // Two days later (signed in again): the first absence is over.
        ctx.clock.set('2026-03-04T04:30:00.000Z');
        const cookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
        const froms = (res: Reply) => res.json().leaves.map((l: { from: string }) => l.from);
        expect(froms(await listLeave(w, '', cookie))).toEqual(['2026-04-01', '2026-05-10']);
        expect(froms(await listLeave(w, '&from=2026-03-01&to=2026-04-01', cookie))).toEqual(['2026-03-02', '2026-04-01']);
        expect(froms(await listLeave(w, '&from=2026-04-06&to=2026-05-09', cookie))).toEqual([]);
      });
    });

    describe('who may and what is refused', () => {
      it("another clinic's doctor is 404, another clinic's id 403, a rep 401", async () => {
        const w = await world();
        const other = await world();
        const theirs = await addLeave(w, { doctorId: other.doctor.id, from: '2026-03-04', to: '2026-03-04' });
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json().message).toBe('Doctor not found');
        expect((await preview(w, { doctorId: other.doctor.id, from: '2026-03-04', to: '2026-03-04' })).statusCode).toBe(404);
        expect((await addLeave(w, { from: '2026-03-04', to: '2026-03-04' }, other.cookie)).statusCode).toBe(403);
        expect((await preview(w, { from: '2026-03-04', to: '2026-03-04' }, other.cookie)).statusCode).toBe(403);
        expect((await listLeave(w, '', other.cookie)).statusCode).toBe(403);
        const r = await rep();
        expect((await addLeave(w, { from: '2026-03-04', to: '2026-03-04' }, r.cookie)).statusCode).toBe(401);
        expect(await ctx.app.db.select().from(clinicAbsences).where(eq(clinicAbsences.clinicId, w.clinic.id))).toEqual([]);
      });

      it('refuses a last day before the first, a past first day, more than 365 days and a reason too short, with clear messages', async () => {
        const w = await world();
        const refused = async (body: Record<string, unknown>, message: string, code = 'validation_error') => {
          const res = await addLeave(w, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json()).toMatchObject({ message, code });
        };
        await refused({ from: '2026-03-06', to: '2026-03-05' }, LEAVE_MESSAGES.order);
        await refused({ from: '2026-03-01', to: '2026-03-05' }, LEAVE_MESSAGES.past, 'leave_in_past');
        await refused({ from: '2026-03-02', to: addDays('2026-03-02', 365) }, 'An absence can last at most 365 days.');
        await refused({ from: '2026-03-04', to: '2026-03-04', reason: ' ab ' }, 'Please give a reason of 3 to 200 characters.');
        await refused({ from: '2026-03-04', to: '2026-03-04', reason: 'x'.repeat(201) }, 'Please give a reason of 3 to 200 characters.');
        await refused({ from: '2026-02-30', to: '2026-03-04' }, LEAVE_MESSAGES.from);
        await refused({ doctorId: undefined, from: '2026-03-04', to: '2026-03-04' }, 'Please select a doctor first.');
        const past = await preview(w, { from: '2026-03-01', to: '2026-03-04' });
        expect(past.json()).toEqual({ message: LEAVE_MESSAGES.past, code: 'leave_in_past' });
        expect(await ctx.app.db.select().from(clinicAbsences).where(eq(clinicAbsences.clinicId, w.clinic.id))).toEqual([]);

        // Today counts (Indian date: at 20:00 UTC on 1 March it is already 2 March in India), and 365 days is the most.
        ctx.clock.set('2026-03-01T20:00:00.000Z');
        const longest = await addLeave(w, { from: '2026-03-02', to: addDays('2026-03-02', 364) });
        expect(longest.statusCode).toBe(201);
      });

      it("the clinic's data export lists its absences, ended ones too", async () => {
        const w = await world();
        const leave = (await addLeave(w, { from: '2026-03-04', to: '2026-03-05' })).json().leave;
        await addLeave(w, { doctorId: null, from: '2026-04-14', to: '2026-04-14', reason: 'Clinic holiday' });
        await endLeave(leave.id, w.cookie);
        const res = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: w.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.json().absences).toEqual([
          { from: '2026-03-04', to: '2026-03-05', doctor: w.doctor.name, reason: REASON, createdAt: NOW, endedAt: NOW },
          { from: '2026-04-14', to: '2026-04-14', doctor: null, reason: 'Clinic holiday', createdAt: NOW, endedAt: null },
        ]);
      });
    });

    describe('bounds', () => {
      it(`holds at most ${LEAVE_LIMITS.inForce} absences in force, so the panel's list stays bounded; an ended one frees a place`, async () => {
        const w = await world();
        const from = addDays('2026-03-02', 1);
        await ctx.app.db.insert(clinicAbsences).values(
          Array.from({ length: LEAVE_LIMITS.inForce }, () => ({
            clinicId: w.clinic.id,
            doctorId: w.doctor.id,
            fromDate: from,
            toDate: from,
            reason: REASON,
          })),
        );
        const refused = await addLeave(w, { from, to: from });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({
          code: 'leave_limit',
          message: 'A clinic can plan at most 100 absences at a time. Please end one that is no longer needed first.',
        });
        expect((await listLeave(w)).json().leaves).toHaveLength(LEAVE_LIMITS.inForce);
        const [first] = (await listLeave(w)).json().leaves as { id: number }[];
        expect((await endLeave(first!.id, w.cookie)).statusCode).toBe(200);
        expect((await addLeave(w, { from, to: from })).statusCode).toBe(201);
      });

      it("removing a doctor from the clinic removes the doctor's absences there", async () => {
        const w = await world();
        expect((await addLeave(w, { from: '2026-03-03', to: '2026-03-05' })).statusCode).toBe(201);
        const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${w.clinic.id}/${w.doctor.id}`, headers: { cookie: w.cookie } });
        expect(removed.statusCode).toBe(200);
        expect(await ctx.app.db.select().from(clinicAbsences).where(eq(clinicAbsences.clinicId, w.clinic.id))).toEqual([]);
      });
    });

    describe('under concurrency', () => {
      // The absence takes each affected doctor's settings row lock, which every booking of the doctor here takes
      // before it reads the day (decision 040): a booking either commits first and is cancelled, or sees the absence.
      it('50 bookings racing a new absence never leave an active visit on an absence day (4 rounds)', async () => {
        const reps = await Promise.all(Array.from({ length: 50 }, () => rep()));
        const from = '2026-03-09';
        const to = '2026-03-13';
        // Each rep signed in once before, so the first round's bookings are not all slower than the absence.
        await Promise.all(reps.map((r) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: r.cookie } })));
        for (let round = 0; round < 4; round++) {
          const wholeClinic = round % 2 === 1;
          const w = await world({ doctors: 2 });
          // The absence is sent amid the bookings, so some come before it and some after (on PGlite too).
          const bookings = reps.map((r, i) => () => book(r, w.clinic.id, w.doctors[wholeClinic ? i % 2 : 0]!.id, addDays(from, i % 5)));
          const early = bookings.slice(0, 25).map((send) => send());
          const absence = addLeave(w, { doctorId: wholeClinic ? null : w.doctor.id, from, to });
          const answers = await Promise.all([...early, ...bookings.slice(25).map((send) => send())]);
          const created = await absence;
          expect(created.statusCode).toBe(201);
          const booked = answers.filter((a) => a.statusCode === 201);
          for (const a of answers.filter((x) => x.statusCode !== 201)) {
            expect(a.statusCode).toBe(409);
            expect(a.json().message).toBe(wholeClinic ? BOOKING_MESSAGES.clinicClosed : BOOKING_MESSAGES.leave);
          }
          // No active visit is left on an absence day, and every booking that got in first was cancelled by it.
          const active = await activeBetween(
            w.doctors.map((d) => d.id),
            from,
            to,
          );
          expect(active, `round ${round}: visits still active on absence days`).toEqual([]);
          expect(created.json().cancelledCount).toBe(booked.length);
          expect(created.json().notified).toBe(booked.length);
        }
      }, 120_000);
    });
  },
  // The stand-in push service listens on 127.0.0.1 (production allows only the browsers' push services).
  { env: { PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:*' } },
);
