import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicActivity, clinicDoctors, clinicMembers, doctorAppointments, outbox } from '../../db/schema';
import { deliverOutbox, describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie } from '../../test/factories';
import { todayInIndia } from '../../../shared/dates';
import { SESSION_COOKIE } from '../../plugins/auth';

// The doctor's own login and console (docs/decisions/073-doctor-accounts.md), end to end through the API.

const DOCTOR_EMAIL = 'dr.khanna@example.com';
const DOCTOR_PASSWORD = 'Kh@nna2026!';
const PUSH = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };

describeEachDatabase('the doctor console', (ctx) => {
  let clinicA: Awaited<ReturnType<typeof createClinic>>;
  let clinicB: Awaited<ReturnType<typeof createClinic>>;
  let ownerA: string;
  let ownerB: string;
  let doctorId: number;
  let doctorCookie = '';

  const post = (url: string, payload: object, cookie?: string) => ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const today = () => todayInIndia(ctx.clock.now());

  /** The token of the newest invitation e-mail to `email`, as the doctor receives it. */
  async function inviteToken(email: string): Promise<string> {
    await deliverOutbox(ctx);
    const { text } = await ctx.mailbox.waitFor(email, (m) => m.text.includes('/doctor/invite?token='));
    const link = /http:\/\/localhost:5000\/doctor\/invite\?token=([\w-]+)/.exec(text);
    expect(link).not.toBeNull();
    return link![1]!;
  }

  async function signIn(email = DOCTOR_EMAIL, password = DOCTOR_PASSWORD) {
    const res = await post('/api/doctor/login', { email, password });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    return { res, cookie: cookie ? `${SESSION_COOKIE}=${cookie.value}` : '' };
  }

  beforeAll(async () => {
    clinicA = await createClinic(ctx.app.db, { clinicName: 'Dal Gate Clinic' });
    clinicB = await createClinic(ctx.app.db, { clinicName: 'SKIMS Soura' });
    ownerA = await sessionCookie(ctx.app, 'clinic', clinicA.id);
    ownerB = await sessionCookie(ctx.app, 'clinic', clinicB.id);
    doctorId = (await createDoctor(ctx.app.db, clinicA.id, { name: 'Dr. Vikram Khanna' })).id;
    // The same doctor practises at a second clinic too (one doctor, many clinics: decision 001).
    await ctx.app.db.insert(clinicDoctors).values({ clinicId: clinicB.id, doctorId });
  });

  describe('invitation and sign-in', () => {
    it('invites only the clinic’s own doctor, not as reception, not to a rep’s e-mail', async () => {
      const stranger = await createDoctor(ctx.app.db, clinicB.id);
      expect((await post(`/api/clinic/doctors/${stranger.id}/invite`, { email: 'x@example.com' }, ownerA)).statusCode).toBe(404);
      const rep = await createRep(ctx.app.db);
      const taken = await post(`/api/clinic/doctors/${doctorId}/invite`, { email: rep.email.toUpperCase() }, ownerA);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('doctor_email_in_use');
      const [member] = await ctx.app.db
        .insert(clinicMembers)
        .values({ clinicId: clinicA.id, name: 'Rukhsana', email: 'desk@example.com', role: 'reception', status: 'active' })
        .returning();
      const reception = await sessionCookie(ctx.app, 'clinic', clinicA.id, { memberId: member!.id });
      const refused = await post(`/api/clinic/doctors/${doctorId}/invite`, { email: DOCTOR_EMAIL }, reception);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden_role');
      expect((await post(`/api/clinic/doctors/${doctorId}/invite`, { email: 'desk@example.com' }, ownerA)).json().code).toBe('doctor_email_in_use');
    });

    it('an invitation stops working after 72 hours, and once used', async () => {
      const sent = await post(`/api/clinic/doctors/${doctorId}/invite`, { email: DOCTOR_EMAIL }, ownerA);
      expect(sent.statusCode).toBe(201);
      const old = await inviteToken(DOCTOR_EMAIL);
      ctx.clock.advanceMinutes(72 * 60 + 1);
      const expired = await post('/api/doctor/invite/accept', { token: old, password: DOCTOR_PASSWORD });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'doctor_invite_invalid', message: expect.stringContaining('Ask the clinic for a new one') });
      // The clinics' sessions of three days ago have ended meanwhile.
      ownerA = await sessionCookie(ctx.app, 'clinic', clinicA.id);
      ownerB = await sessionCookie(ctx.app, 'clinic', clinicB.id);

      await post(`/api/clinic/doctors/${doctorId}/invite`, { email: DOCTOR_EMAIL }, ownerA);
      const token = await inviteToken(DOCTOR_EMAIL);
      expect((await post('/api/doctor/invite/accept', { token, password: 'short' })).statusCode).toBe(400);
      const accepted = await post('/api/doctor/invite/accept', { token, password: DOCTOR_PASSWORD });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ email: DOCTOR_EMAIL, linkedExisting: false });
      const again = await post('/api/doctor/invite/accept', { token, password: DOCTOR_PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('doctor_invite_invalid');
      const acts = await ctx.app.db.select().from(clinicActivity).where(eq(clinicActivity.clinicId, clinicA.id));
      expect(acts.map((a) => [a.action, a.actorKind])).toEqual(
        expect.arrayContaining([
          ['doctor.invited', 'owner'],
          ['doctor.joined', 'doctor'],
        ]),
      );
    });

    it('signs in with the login refusal wording; /api/auth/me names the doctor; sign-out ends it', async () => {
      const wrong = await signIn(DOCTOR_EMAIL, 'Wrong-pass1!');
      expect(wrong.res.statusCode).toBe(401);
      expect(wrong.res.json().code).toBe('invalid_credentials');
      const unknown = await signIn('nobody@example.com', DOCTOR_PASSWORD);
      expect(unknown.res.json()).toEqual(wrong.res.json());
      const { res, cookie } = await signIn();
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: 'Dr. Vikram Khanna', email: DOCTOR_EMAIL });
      const me = await get('/api/auth/me', cookie);
      expect(me.json()).toMatchObject({ userType: 'doctor', user: { email: DOCTOR_EMAIL }, termsAccepted: true });
      await post('/api/auth/logout', {}, cookie);
      expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
      doctorCookie = (await signIn()).cookie;
      // A doctor session opens no clinic route.
      expect((await get(`/api/clinic/doctors/${clinicA.id}`, doctorCookie)).statusCode).toBe(401);
    });

    it("a second clinic's invitation links the same login (its password asked), which then sees both days", async () => {
      await post(`/api/clinic/doctors/${doctorId}/invite`, { email: DOCTOR_EMAIL.toUpperCase() }, ownerB);
      const token = await inviteToken(DOCTOR_EMAIL);
      expect((await post('/api/doctor/invite/accept', { token, password: 'Other-pass1!' })).statusCode).toBe(401);
      const linked = await post('/api/doctor/invite/accept', { token, password: DOCTOR_PASSWORD });
      expect(linked.json()).toMatchObject({ linkedExisting: true });
      const day = await get('/api/doctor/day', doctorCookie);
      expect(day.statusCode).toBe(200);
      expect(day.json().clinics.map((c: { clinicName: string }) => c.clinicName)).toEqual(['Dal Gate Clinic', 'SKIMS Soura']);
      expect(day.json().clinics[0].week).toHaveLength(7);
    });
  });

  describe('the day, Call next and Running late', () => {
    let visits: Array<{ id: number; repId: number }>;
    let reps: Array<{ id: number; email: string }>;

    beforeAll(async () => {
      reps = await Promise.all(
        ['Asif', 'Bina', 'Chand'].map((n, i) =>
          createRep(ctx.app.db, {
            fullName: `${n} Rep`,
            company: 'Cipla',
            ...(i === 0 ? { pushSubscription: PUSH } : {}),
            ...(i === 2 ? { emailNotifications: false } : {}),
          }),
        ),
      );
      visits = [];
      for (const [i, rep] of reps.entries()) {
        visits.push(
          await createAppointment(ctx.app.db, {
            doctorId,
            clinicId: clinicA.id,
            repId: rep.id,
            appointmentDate: today(),
            bookedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
          }),
        );
      }
      await createAppointment(ctx.app.db, { doctorId, clinicId: clinicA.id, repId: reps[0]!.id, appointmentDate: todayPlus(2) });
    });
    const todayPlus = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const arrive = (id: number) => ctx.app.db.update(doctorAppointments).set({ checkedInAt: ctx.clock.now() }).where(eq(doctorAppointments.id, id));
    const next = (clinicId = clinicA.id) => post('/api/doctor/queue/next', { clinicId }, doctorCookie);

    it("lists the day's visits in order with tokens, and the week ahead", async () => {
      const day = (await get('/api/doctor/day', doctorCookie)).json();
      const a = day.clinics[0];
      expect(a.visits.map((v: { repName: string; token: number; checkedInAt: null }) => [v.repName, v.token, v.checkedInAt])).toEqual([
        ['Asif Rep', 1, null],
        ['Bina Rep', 2, null],
        ['Chand Rep', 3, null],
      ]);
      expect(a.week.find((d: { date: string }) => d.date === todayPlus(2)).count).toBe(1);
      expect(a.lateByMinutes).toBe(0);
    });

    it('Call next: nobody arrived, then the first arrived, then completes it and calls the second', async () => {
      const none = await next();
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({ current: null, next: null, completed: null });

      await arrive(visits[2]!.id);
      await arrive(visits[0]!.id);
      const first = (await next()).json();
      expect(first.current).toMatchObject({ id: visits[0]!.id, repName: 'Asif Rep', calledAt: expect.any(String) });
      expect(first.next).toMatchObject({ id: visits[2]!.id });
      const pushes = await ctx.app.db.select().from(outbox).where(eq(outbox.templateType, 'queue_called_push'));
      expect(pushes.map((p) => p.subject)).toEqual(['Dr. Vikram Khanna will see you now']);

      const second = (await next()).json();
      expect(second.completed).toMatchObject({ id: visits[0]!.id, status: 'completed' });
      expect(second.current).toMatchObject({ id: visits[2]!.id });
      expect(second.next).toBeNull();
      const acts = await ctx.app.db
        .select()
        .from(clinicActivity)
        .where(and(eq(clinicActivity.clinicId, clinicA.id), eq(clinicActivity.action, 'queue.called')));
      expect(acts).toHaveLength(2);
      expect(acts[0]).toMatchObject({ actorKind: 'doctor', actorName: 'Dr. Vikram Khanna' });
    });

    it('two presses at once call one visit at a time', async () => {
      const reps = await Promise.all([createRep(ctx.app.db), createRep(ctx.app.db), createRep(ctx.app.db)]);
      const ids = [];
      for (const rep of reps) {
        const v = await createAppointment(ctx.app.db, {
          doctorId,
          clinicId: clinicB.id,
          repId: rep.id,
          appointmentDate: today(),
          checkedInAt: ctx.clock.now(),
        });
        ids.push(v.id);
      }
      const answers = await Promise.all([next(clinicB.id), next(clinicB.id)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const called = answers.map((r) => r.json().current?.id);
      expect(new Set(called).size).toBe(2);
      const inRoom = await ctx.app.db
        .select({ id: doctorAppointments.id })
        .from(doctorAppointments)
        .where(and(inArray(doctorAppointments.id, ids), isNotNull(doctorAppointments.calledAt), inArray(doctorAppointments.status, ['booked', 'confirmed'])));
      expect(inRoom).toHaveLength(1);
    });

    it('refuses a clinic the doctor is not linked to (403), and everyone but a doctor', async () => {
      const other = await createClinic(ctx.app.db);
      const refused = await next(other.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('doctor_not_linked');
      expect((await post('/api/doctor/queue/next', { clinicId: clinicA.id }, ownerA)).statusCode).toBe(401);
      expect((await post('/api/doctor/queue/next', { clinicId: clinicA.id })).statusCode).toBe(401);
    });

    it('Running late: 5 to 180 or 0; the reps waiting are told once, again only for a change of 15 minutes', async () => {
      const late = (minutes: number) => post('/api/doctor/running-late', { clinicId: clinicA.id, minutes }, doctorCookie);
      expect((await late(4)).statusCode).toBe(400);
      expect((await late(181)).statusCode).toBe(400);
      const told = await late(20);
      expect(told.statusCode).toBe(200);
      // Bina is the one rep of the day not yet called; Chand is in the room, Asif was seen.
      expect(told.json()).toMatchObject({ minutes: 20, repsTold: 1 });
      const mails = async () => (await ctx.app.db.select().from(outbox).where(eq(outbox.templateType, 'running_late'))).map((m) => m.subject);
      expect(await mails()).toEqual(['Dr. Vikram Khanna is running about 20 minutes late']);
      expect((await late(30)).json().repsTold).toBe(0);
      expect(await mails()).toHaveLength(1);
      expect((await late(35)).json().repsTold).toBe(1);
      expect(await mails()).toHaveLength(2);
      expect((await get('/api/doctor/day', doctorCookie)).json().clinics[0].lateByMinutes).toBe(35);
      expect((await late(0)).json()).toMatchObject({ minutes: 0, repsTold: 0 });
      expect((await get('/api/doctor/day', doctorCookie)).json().clinics[0].lateByMinutes).toBe(0);
    });

    it('No rep visits today cancels the day at that clinic as the doctor’s act', async () => {
      const res = await post('/api/doctor/cancel-today', { clinicId: clinicA.id, reason: 'Doctor has some important work' }, doctorCookie);
      expect(res.statusCode).toBe(200);
      const day = (await get('/api/doctor/day', doctorCookie)).json().clinics[0];
      expect(day.closed).toBe(true);
      // Bina, booked and not yet arrived, is told by the clinic's name, never the doctor's (read as she receives it:
      // the outbox's worker may have sent it, and dropped its body, already).
      await deliverOutbox(ctx);
      const told = await ctx.mailbox.waitFor(reps[1]!.email, (m) => m.text.includes('Doctor has some important work'));
      expect(told.text).toContain('Dal Gate Clinic has cancelled your appointment with Dr. Vikram Khanna');
      expect(told.text).not.toContain('Khanna has cancelled');
    });
  });

  describe('doctorManagesSettings', () => {
    it('off: 403 with a clear message; on: the doctor reads and saves the settings, the clinic sees them', async () => {
      const locked = await get(`/api/doctor/settings/${clinicA.id}`, doctorCookie);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().code).toBe('doctor_settings_locked');
      const settings = { clinicId: clinicA.id, doctorId, maxSlots: 3, callFrequency: 7, doctorManagesSettings: true };
      expect((await post('/api/clinic/settings', settings, ownerA)).statusCode).toBe(200);
      const mine = await get(`/api/doctor/settings/${clinicA.id}`, doctorCookie);
      expect(mine.json().settings).toMatchObject({ maxSlots: 3, doctorManagesSettings: true });
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/doctor/settings/${clinicA.id}`,
        headers: { cookie: doctorCookie },
        payload: { ...settings, maxSlots: 5, doctorManagesSettings: false },
      });
      expect(saved.statusCode).toBe(200);
      const clinicView = (await get(`/api/clinic/settings/${clinicA.id}?doctorId=${doctorId}`, ownerA)).json().settings;
      expect(clinicView).toMatchObject({ maxSlots: 5, doctorManagesSettings: true });
      expect((await get(`/api/doctor/settings/${clinicB.id}`, doctorCookie)).statusCode).toBe(403);
    });
  });
});
