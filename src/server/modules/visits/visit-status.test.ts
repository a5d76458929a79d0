import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking/booking-rules';
import { VISIT_STATUS_MESSAGES } from '../../../shared/booking/visit-status';
import { doctorAppointments, medicalReps } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { deliverOutbox, describeEachDatabase } from '../../test/harness';
import { browserSubscription, PushService } from '../../test/push-service';

// The clinic's moves of a visit after booking (docs/decisions/041-visit-outcomes-and-proof.md): confirm, decline with a
// reason, completed, no-show; and what the rep, the clinic's day view and the booking calendar see at once. PGlite runs
// one transaction at a time; on PostgreSQL (TEST_DATABASE_URL set) the races are real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const YESTERDAY = '2026-03-01';
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const REASON = 'The doctor is in surgery all day';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

type Reply = LightMyRequestResponse;

const push = new PushService();
beforeAll(() => push.start());
afterAll(() => push.stop());

describeEachDatabase(
  'the clinic moves a visit: confirm, decline, completed, no-show',
  (ctx) => {
    beforeEach(() => ctx.clock.set(NOW));

    async function world(o: { maxSlots?: number; requiresApproval?: boolean } = {}) {
      const db = ctx.app.db;
      const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
      const doctor = await createDoctor(db, clinic.id, {
        name: 'Dr. Hina Wani',
        specialty: 'Cardiology',
        settings: { maxSlots: o.maxSlots ?? 20, availableDays: EVERY_DAY, requiresApproval: o.requiresApproval ?? false },
      });
      return { clinic, doctor, cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
    }
    type World = Awaited<ReturnType<typeof world>>;
    const rep = async () => {
      const r = await createSubscribedRep(ctx.app.db, { fullName: 'Ravi Sharma' });
      return { ...r, cookie: await sessionCookie(ctx.app, 'medrep', r.id) };
    };
    type Rep = Awaited<ReturnType<typeof rep>>;
    const visitOf = (w: World, r: Rep, appointmentDate: string, o: { status?: string; startTime?: string } = {}) =>
      createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: r.id, appointmentDate, ...o });
    const move = (id: number, body: Record<string, unknown>, cookie?: string): Promise<Reply> =>
      ctx.app.inject({ method: 'POST', url: `/api/clinic/appointments/${id}/status`, headers: cookie ? { cookie } : {}, payload: body });
    const row = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
    const repList = async (r: Rep) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${r.id}`, headers: { cookie: r.cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().appointments as Array<{ id: number; status: string }>;
    };
    const dayView = async (w: World, date: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/doctor-appointments?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&date=${date}`,
        headers: { cookie: w.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json().appointments as Array<{ id: number; status: string }>;
    };
    const calendarDay = async (w: World, r: Rep, date: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&month=${date.slice(0, 7)}`,
        headers: { cookie: r.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json().days.find((d: { date: string }) => d.date === date);
    };
    const book = (w: World, r: Rep, date: string): Promise<Reply> =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/book-appointment',
        headers: { cookie: r.cookie },
        payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: r.id, appointmentDate: date },
      });
    const statusOf = (list: Array<{ id: number; status: string }>, id: number) => list.find((a) => a.id === id)?.status;

    describe('confirm', () => {
      it('confirms a booked visit: the clinic view in the answer, confirmed_at, the rep e-mailed, every list changed at once', async () => {
        const w = await world();
        const r = await rep();
        const visit = await visitOf(w, r, TOMORROW, { startTime: '15:30' });
        // Read (and cached) before the move: both must drop.
        expect(statusOf(await repList(r), visit.id)).toBe('booked');
        expect(statusOf(await dayView(w, TOMORROW), visit.id)).toBe('booked');

        const res = await move(visit.id, { status: 'confirmed' }, w.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          message: VISIT_STATUS_MESSAGES.confirmed,
          appointment: {
            id: visit.id,
            appointment_date: TOMORROW,
            start_time: '15:30',
            token: 1,
            rep_id: r.id,
            doctor_id: w.doctor.id,
            clinic_id: w.clinic.id,
            rep_name: 'Ravi Sharma',
            company_name: r.company,
            contact_number: r.phone,
            status: 'confirmed',
            checked_in_at: null,
            check_in_received_at: null,
            outcome_at: null,
            outcome_by: null,
            requires_approval: false,
          },
        });
        expect(await row(visit.id)).toMatchObject({ status: 'confirmed', outcomeAt: null, cancelledBy: null });
        expect((await row(visit.id)).confirmedAt?.toISOString()).toBe(NOW);
        expect(statusOf(await repList(r), visit.id)).toBe('confirmed');
        expect(statusOf(await dayView(w, TOMORROW), visit.id)).toBe('confirmed');

        const mail = await ctx.mailbox.waitFor(r.email, (m) => m.subject.startsWith('Appointment confirmed'));
        expect(mail.subject).toBe('Appointment confirmed: Dr. Hina Wani on 03/03/2026 at 15:30');
        expect(mail.text).toContain('Dal Gate Clinic has confirmed your appointment.');
        expect(mail.text).toContain('Date: Tuesday, 03/03/2026 at 15:30');

        // Once only: a confirmed visit cannot be confirmed again.
        const again = await move(visit.id, { status: 'confirmed' }, w.cookie);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: VISIT_STATUS_MESSAGES.confirmOnlyBooked, code: 'invalid_status_change' });
      });

      it('refuses to confirm a visit that is not booked (409 with the reason)', async () => {
        const w = await world();
        for (const status of ['completed', 'no_show', 'cancelled']) {
          const visit = await visitOf(w, await rep(), YESTERDAY, { status });
          const res = await move(visit.id, { status: 'confirmed' }, w.cookie);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({ message: VISIT_STATUS_MESSAGES.confirmOnlyBooked, code: 'invalid_status_change' });
          expect((await row(visit.id)).status).toBe(status);
        }
      });
    });

    describe('decline', () => {
      it('declines with the reason: cancelled by the clinic, the rep e-mailed with a calendar CANCEL and pushed, the slot free again', async () => {
        const w = await world({ maxSlots: 1 });
        const [asif, bina] = [await rep(), await rep()];
        const endpoint = `/ok/${ctx.kind}-${randomBytes(3).toString('hex')}`;
        const subscription = browserSubscription(`http://127.0.0.1:${push.port}${endpoint}`);
        const saved = await ctx.app.inject({
          method: 'POST',
          url: '/api/medrep/push-subscription',
          headers: { cookie: asif.cookie },
          payload: { subscription: subscription.json },
        });
        expect(saved.statusCode).toBeLessThan(300);
        const visit = await visitOf(w, asif, TOMORROW, { status: 'confirmed' });
        // The day is full for Bina, as her calendar says (and caches).
        expect(await calendarDay(w, bina, TOMORROW)).toMatchObject({ selectable: false, reason: 'full', slotsLeft: 0 });
        expect(statusOf(await repList(asif), visit.id)).toBe('confirmed');

        const res = await move(visit.id, { status: 'cancelled', reason: `  ${REASON} ` }, w.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: VISIT_STATUS_MESSAGES.cancelled, appointment: { id: visit.id, status: 'cancelled', token: null } });
        const after = await row(visit.id);
        expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'clinic', cancelReason: REASON });
        expect(after.cancelledAt?.toISOString()).toBe(NOW);

        const mail = await ctx.mailbox.waitFor(asif.email, (m) => m.text.includes(REASON));
        expect(mail.subject).toBe('Appointment cancelled: Dr. Hina Wani on 03/03/2026');
        expect(mail.text).toContain('Dal Gate Clinic has cancelled your appointment with Dr. Hina Wani on 03/03/2026.');
        expect(mail.text).toContain(`Reason: ${REASON}`);
        const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
        expect(ics?.content).toContain('METHOD:CANCEL');
        expect(ics?.content).toContain(`UID:appointment-${visit.id}@`);
        await deliverOutbox(ctx);
        const pushed = push.received.filter((p) => p.path === endpoint);
        expect(pushed).toHaveLength(1);
        expect(subscription.decrypt(pushed[0]!.body)).toMatchObject({
          title: 'Visit cancelled',
          body: `Dal Gate Clinic cancelled your visit to Dr. Hina Wani on 03/03/2026. Reason: ${REASON}`,
        });

        // At once: gone from the rep's list, the day free in the calendar, and bookable.
        expect(statusOf(await repList(asif), visit.id)).toBeUndefined();
        expect(statusOf(await dayView(w, TOMORROW), visit.id)).toBe('cancelled');
        expect(await calendarDay(w, bina, TOMORROW)).toMatchObject({ selectable: true, slotsLeft: 1 });
        expect((await book(w, bina, TOMORROW)).statusCode).toBe(201);
      });

      it('declines a booked visit of today; no push to a rep who did not allow it', async () => {
        const w = await world();
        const r = await rep();
        await ctx.app.db
          .update(medicalReps)
          .set({ pushNotifications: false, pushSubscription: browserSubscription(`http://127.0.0.1:${push.port}/ok/never`).json })
          .where(eq(medicalReps.id, r.id));
        const visit = await visitOf(w, r, TODAY);
        expect((await move(visit.id, { status: 'cancelled', reason: REASON }, w.cookie)).statusCode).toBe(200);
        expect((await row(visit.id)).status).toBe('cancelled');
        await ctx.mailbox.waitFor(r.email, (m) => m.text.includes(REASON));
        await deliverOutbox(ctx);
        expect(push.received.filter((p) => p.path === '/ok/never')).toEqual([]);
      });

      it('asks for a reason (400 reason_required) and refuses a past or finished visit (409 with the reason)', async () => {
        const w = await world();
        const r = await rep();
        const visit = await visitOf(w, r, TOMORROW);
        for (const body of [{ status: 'cancelled' }, { status: 'cancelled', reason: '' }, { status: 'cancelled', reason: '   ' }]) {
          const res = await move(visit.id, body, w.cookie);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ message: VISIT_STATUS_MESSAGES.reasonRequired, code: 'reason_required' });
        }
        // decision 053: a reason the rep can read, at least 3 characters.
        const short = await move(visit.id, { status: 'cancelled', reason: ' ok ' }, w.cookie);
        expect(short.statusCode).toBe(400);
        expect(short.json()).toEqual({ message: VISIT_STATUS_MESSAGES.reasonTooShort, code: 'reason_required' });
        expect((await row(visit.id)).status).toBe('booked');

        const past = await visitOf(w, r, YESTERDAY);
        const refused = await move(past.id, { status: 'cancelled', reason: REASON }, w.cookie);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: VISIT_STATUS_MESSAGES.cancelNotPast, code: 'invalid_status_change' });
        for (const status of ['cancelled', 'completed', 'no_show']) {
          const done = await visitOf(w, await rep(), TODAY, { status });
          const res = await move(done.id, { status: 'cancelled', reason: REASON }, w.cookie);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({ message: VISIT_STATUS_MESSAGES.cancelOnlyActive, code: 'invalid_status_change' });
        }
        expect((await row(past.id)).status).toBe('booked');
        await deliverOutbox(ctx);
        expect(ctx.mailbox.to(r.email).filter((m) => m.text.includes(REASON))).toEqual([]);
      });
    });

    describe('completed and no-show', () => {
      it('marks a visit of today or earlier, by the clinic; a no-show frees nothing', async () => {
        const w = await world({ maxSlots: 1 });
        const [a, b, c] = [await rep(), await rep(), await rep()];
        const past = await visitOf(w, a, YESTERDAY, { status: 'confirmed' });
        const today = await visitOf(w, b, TODAY);
        expect(statusOf(await dayView(w, TODAY), today.id)).toBe('booked');

        const done = await move(past.id, { status: 'completed' }, w.cookie);
        expect(done.statusCode).toBe(200);
        expect(done.json()).toMatchObject({ message: VISIT_STATUS_MESSAGES.completed, appointment: { id: past.id, status: 'completed' } });
        expect(await row(past.id)).toMatchObject({ status: 'completed', outcomeBy: 'clinic' });
        expect((await row(past.id)).outcomeAt?.toISOString()).toBe(NOW);

        const missed = await move(today.id, { status: 'no_show' }, w.cookie);
        expect(missed.statusCode).toBe(200);
        expect(missed.json()).toMatchObject({ message: VISIT_STATUS_MESSAGES.no_show, appointment: { id: today.id, status: 'no_show', token: 1 } });
        expect(await row(today.id)).toMatchObject({ status: 'no_show', outcomeBy: 'clinic' });
        expect(statusOf(await dayView(w, TODAY), today.id)).toBe('no_show');
        // The no-show still holds the day's only slot (decision 041).
        const refused = await book(w, c, TODAY);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ message: BOOKING_MESSAGES.full });

        // A finished visit is not marked again, a later one not yet.
        const again = await move(past.id, { status: 'no_show' }, w.cookie);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: VISIT_STATUS_MESSAGES.outcomeOnlyActive, code: 'invalid_status_change' });
        const later = await visitOf(w, a, TOMORROW);
        for (const status of ['completed', 'no_show']) {
          const res = await move(later.id, { status }, w.cookie);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({ message: VISIT_STATUS_MESSAGES.outcomeNotBefore, code: 'invalid_status_change' });
        }
        const cancelled = await visitOf(w, c, YESTERDAY, { status: 'cancelled' });
        expect((await move(cancelled.id, { status: 'completed' }, w.cookie)).json()).toEqual({
          message: VISIT_STATUS_MESSAGES.outcomeOnlyActive,
          code: 'invalid_status_change',
        });
        expect((await row(later.id)).status).toBe('booked');
      });
    });

    // docs/decisions/046: the outcomes agree with the evidence, and the clinic's one-tap marks can be taken back.
    describe('outcomes and the check-in', () => {
      const checkedIn = (w: World, r: Rep, date = TODAY, o: { status?: string } = {}) =>
        createAppointment(ctx.app.db, {
          doctorId: w.doctor.id,
          clinicId: w.clinic.id,
          repId: r.id,
          appointmentDate: date,
          checkedInAt: new Date('2026-03-02T04:20:00.000Z'),
          ...o,
        });
      const undo = (id: number, cookie?: string): Promise<Reply> =>
        ctx.app.inject({ method: 'POST', url: `/api/clinic/appointments/${id}/undo-outcome`, headers: cookie ? { cookie } : {} });

      it('refuses a no-show for a rep who checked in with the reception code (409 with the reason); completed is taken', async () => {
        const w = await world();
        const [a, b] = [await rep(), await rep()];
        const arrived = await checkedIn(w, a);
        const res = await move(arrived.id, { status: 'no_show' }, w.cookie);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: VISIT_STATUS_MESSAGES.arrivedNotNoShow, code: 'invalid_status_change' });
        expect((await row(arrived.id)).status).toBe('booked');
        expect((await move(arrived.id, { status: 'completed' }, w.cookie)).statusCode).toBe(200);
        // Not checked in: a no-show is still the clinic's to mark.
        expect((await move((await visitOf(w, b, TODAY)).id, { status: 'no_show' }, w.cookie)).statusCode).toBe(200);
      });

      it('undoes a completed or no-show within 10 minutes, back to the status it had; refuses it after (409 undo_expired)', async () => {
        const w = await world();
        const [a, b, c] = [await rep(), await rep(), await rep()];
        const confirmed = await visitOf(w, a, TODAY, { status: 'confirmed' });
        await ctx.app.db
          .update(doctorAppointments)
          .set({ confirmedAt: new Date(NOW) })
          .where(eq(doctorAppointments.id, confirmed.id));
        const booked = await visitOf(w, b, TODAY);
        expect((await move(confirmed.id, { status: 'completed' }, w.cookie)).json().appointment).toMatchObject({ outcome_at: NOW, outcome_by: 'clinic' });
        expect((await move(booked.id, { status: 'no_show' }, w.cookie)).statusCode).toBe(200);

        ctx.clock.advanceMinutes(10);
        const back = await undo(confirmed.id, w.cookie);
        expect(back.statusCode, back.body).toBe(200);
        expect(back.json()).toMatchObject({
          message: VISIT_STATUS_MESSAGES.undone,
          appointment: { id: confirmed.id, status: 'confirmed', outcome_at: null, outcome_by: null },
        });
        expect(await row(confirmed.id)).toMatchObject({ status: 'confirmed', outcomeAt: null, outcomeBy: null });
        expect(statusOf(await dayView(w, TODAY), confirmed.id)).toBe('confirmed');
        expect(statusOf(await repList(a), confirmed.id)).toBe('confirmed');

        ctx.clock.advance(1_000); // 10 minutes and a second after the no-show
        const late = await undo(booked.id, w.cookie);
        expect(late.statusCode).toBe(409);
        expect(late.json()).toEqual({ message: VISIT_STATUS_MESSAGES.undoExpired, code: 'undo_expired' });
        expect((await row(booked.id)).status).toBe('no_show');

        // Nothing the clinic marked: an active visit, or one the end-of-day close completed.
        expect((await undo(confirmed.id, w.cookie)).json()).toEqual({ message: VISIT_STATUS_MESSAGES.undoOnlyOutcome, code: 'invalid_status_change' });
        const closed = await visitOf(w, c, YESTERDAY, { status: 'completed' });
        await ctx.app.db
          .update(doctorAppointments)
          .set({ outcomeBy: 'system', outcomeAt: new Date(NOW) })
          .where(eq(doctorAppointments.id, closed.id));
        expect((await undo(closed.id, w.cookie)).statusCode).toBe(409);
        // Another clinic's visit is not found; a rep may not undo.
        const other = await world();
        expect((await undo(booked.id, other.cookie)).statusCode).toBe(404);
        expect((await undo(booked.id, a.cookie)).statusCode).toBe(401);
      });

      it("Cancel Today's Calls leaves the reps at reception alone unless the clinic includes them", async () => {
        const w = await world();
        const [a, b, c] = [await rep(), await rep(), await rep()];
        const arrived = await checkedIn(w, a);
        const waiting = await visitOf(w, b, TODAY);
        const cancelDay = (body: Record<string, unknown>) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/clinic/cancel-today-calls',
            headers: { cookie: w.cookie },
            payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, date: TODAY, reason: 'Doctor has some important work', ...body },
          });
        const first = await cancelDay({});
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toMatchObject({ cancelledCount: 1 });
        expect((await row(waiting.id)).status).toBe('cancelled');
        expect((await row(arrived.id)).status).toBe('booked');
        expect(statusOf(await dayView(w, TODAY), arrived.id)).toBe('booked');

        const arrivedToo = await checkedIn(w, c);
        const all = await cancelDay({ includeCheckedIn: true });
        expect(all.json()).toMatchObject({ cancelledCount: 2 });
        expect((await row(arrived.id)).status).toBe('cancelled');
        expect((await row(arrivedToo.id)).status).toBe('cancelled');
        expect((await cancelDay({ includeCheckedIn: 'yes' })).statusCode).toBe(400);
      });
    });

    describe('who may move a visit', () => {
      it("answers 404 for another clinic's visit and a missing one, 401 to reps and to nobody, 400 for a bad body", async () => {
        const w = await world();
        const other = await world();
        const r = await rep();
        const visit = await visitOf(w, r, TOMORROW);
        const theirs = await move(visit.id, { status: 'confirmed' }, other.cookie);
        expect(theirs.statusCode).toBe(404);
        expect(theirs.json()).toEqual({ message: 'Appointment not found', code: 'not_found' });
        const missing = await move(2_000_000_000, { status: 'confirmed' }, w.cookie);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'Appointment not found', code: 'not_found' });
        expect((await move(visit.id, { status: 'confirmed' }, r.cookie)).statusCode).toBe(401);
        expect((await move(visit.id, { status: 'confirmed' })).statusCode).toBe(401);
        const badStatus = await move(visit.id, { status: 'booked' }, w.cookie);
        expect(badStatus.statusCode).toBe(400);
        expect(badStatus.json().message).toBe('Please choose confirmed, cancelled, completed or no_show.');
        const badId = await ctx.app.inject({
          method: 'POST',
          url: '/api/clinic/appointments/abc/status',
          headers: { cookie: w.cookie },
          payload: { status: 'confirmed' },
        });
        expect(badId.statusCode).toBe(400);
        expect((await row(visit.id)).status).toBe('booked');
        await deliverOutbox(ctx);
        expect(ctx.mailbox.to(r.email)).toEqual([]);
      });
    });

    describe('racing moves of one visit', () => {
      it('ten declines at once: one wins, the others are told why, one e-mail', async () => {
        const w = await world();
        const r = await rep();
        const visit = await visitOf(w, r, TOMORROW);
        const answers = await Promise.all(Array.from({ length: 10 }, () => move(visit.id, { status: 'cancelled', reason: REASON }, w.cookie)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
        for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(VISIT_STATUS_MESSAGES.cancelOnlyActive);
        await deliverOutbox(ctx);
        expect(ctx.mailbox.to(r.email).filter((m) => m.text.includes(REASON))).toHaveLength(1);
      });

      it('five confirms and five declines at once: at most one of each, and a confirm only before the decline', async () => {
        const w = await world();
        const r = await rep();
        const visit = await visitOf(w, r, TOMORROW);
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => move(visit.id, i % 2 ? { status: 'cancelled', reason: REASON } : { status: 'confirmed' }, w.cookie)),
        );
        const won = (kind: number) => answers.filter((a, i) => i % 2 === kind && a.statusCode === 200).length;
        expect(won(1)).toBe(1);
        expect(won(0)).toBeLessThanOrEqual(1);
        expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
        expect(await row(visit.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'clinic' });
        // A confirm that won was written before the decline, under the same row lock.
        expect((await row(visit.id)).confirmedAt !== null).toBe(won(0) === 1);
        await deliverOutbox(ctx);
        expect(ctx.mailbox.to(r.email).filter((m) => m.subject.startsWith('Appointment confirmed'))).toHaveLength(won(0));
        expect(ctx.mailbox.to(r.email).filter((m) => m.text.includes(REASON))).toHaveLength(1);
      });
    });

    describe('the booking e-mail where the clinic confirms', () => {
      it('says the clinic will confirm the visit; the booking stays booked and counts against the day', async () => {
        const w = await world({ maxSlots: 1, requiresApproval: true });
        const [r, late] = [await rep(), await rep()];
        const res = await book(w, r, TOMORROW);
        expect(res.statusCode).toBe(201);
        expect(res.json().appointment.status).toBe('booked');
        const mail = await ctx.mailbox.waitFor(r.email, (m) => m.subject.startsWith('Appointment booked'));
        expect(mail.subject).toBe('Appointment booked, awaiting confirmation: Dr. Hina Wani on 03/03/2026');
        expect(mail.text).toContain('the clinic will confirm the visit');
        expect((await book(w, late, TOMORROW)).json()).toMatchObject({ message: BOOKING_MESSAGES.full });

        // Confirmed by the clinic: the rep hears it.
        expect((await move(res.json().appointment.id, { status: 'confirmed' }, w.cookie)).statusCode).toBe(200);
        await ctx.mailbox.waitFor(r.email, (m) => m.subject.startsWith('Appointment confirmed'));
      });

      it('ticking Confirm each booking later changes no visit booked before; new bookings await confirmation', async () => {
        const w = await world();
        const [before, after] = [await rep(), await rep()];
        const old = (await book(w, before, TOMORROW)).json().appointment;
        expect(old.requires_approval).toBe(false);
        const saved = await ctx.app.inject({
          method: 'POST',
          url: '/api/clinic/settings',
          headers: { cookie: w.cookie },
          payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, maxSlots: 20, callFrequency: 7, availableDays: EVERY_DAY, requiresApproval: true },
        });
        expect(saved.json()).toMatchObject({ message: 'Settings saved successfully' });
        // decision 053: the rep booked before still reads 'Booked', in their list and in the clinic's day view.
        expect(await repList(before)).toMatchObject([{ id: old.id, status: 'booked', requires_approval: false }]);
        const res = await book(w, after, TOMORROW);
        expect(res.json().appointment).toMatchObject({ status: 'booked', requires_approval: true });
        expect(await repList(after)).toMatchObject([{ status: 'booked', requires_approval: true }]);
        const day = await dayView(w, TOMORROW);
        expect(day.map((v) => [v.id, (v as { requires_approval?: boolean }).requires_approval])).toEqual([
          [old.id, false],
          [res.json().appointment.id, true],
        ]);
      });

      it('reads as before where it does not', async () => {
        const w = await world();
        const r = await rep();
        expect((await book(w, r, TOMORROW)).statusCode).toBe(201);
        const mail = await ctx.mailbox.waitFor(r.email, (m) => m.subject.startsWith('Appointment booked'));
        expect(mail.subject).toBe('Appointment booked: Dr. Hina Wani on 03/03/2026');
        expect(mail.text).toContain('Your appointment is booked.');
        expect(mail.text).not.toContain('confirm');
      });
    });
  },
  // The stand-in push service listens on 127.0.0.1 (production allows only the browsers' push services).
  { env: { PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:*' } },
);
