import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clinicUsers, doctorAppointments, doctors, medicalReps, sessions, subscriptionOrders, waitlistEntries, whatsappConsents } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { codeIn } from '../../test/mailbox';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';

// DPDP Act 2023 rights (decision 013): download my data; delete my account by an e-mailed code.

describeEachDatabase('privacy rights: export and deletion', (ctx) => {
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function repWorld() {
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id);
    const rep = await createSubscribedRep(db, { termsVersion: '2025-06-01', whatsappNumber: '919812345678' });
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-05', status: 'booked' });
    // A place on another day's waitlist (docs/decisions/043) and the WhatsApp consent (docs/decisions/044).
    await db.insert(waitlistEntries).values({ repId: rep.id, doctorId: doctor.id, clinicId: clinic.id, date: '2026-03-20' });
    await db
      .insert(whatsappConsents)
      .values({ accountType: 'rep', accountId: rep.id, phone: '919812345678', action: 'opt_in', wording: 'I agree', source: 'settings' });
    await db.insert(subscriptionOrders).values({
      orderId: `order_test_${rep.id}x`,
      repId: rep.id,
      planType: 'monthly',
      amount: 9900,
      currency: 'INR',
      receipt: 'r',
      status: 'paid',
      paymentId: `pay_test_${rep.id}x`,
      createdAt: ctx.clock.now(),
    });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    return { clinic, doctor, rep, cookie };
  }

  it('exports everything held about a rep as a JSON download, with terms version and time, and no secrets', async () => {
    const { rep, doctor, clinic, cookie } = await repWorld();
    // A partial refund recorded on the order (docs/decisions/032) is part of what the rep sees of the payment.
    const refundedAt = new Date('2026-03-02T03:00:00.000Z');
    await ctx.app.db.update(subscriptionOrders).set({ amountRefunded: 4900, refundedAt }).where(eq(subscriptionOrders.repId, rep.id));
    // The rep's check-in at reception is the rep's own record of the visit (docs/decisions/041).
    const checkedInAt = new Date('2026-03-02T04:00:00.000Z');
    await ctx.app.db.update(doctorAppointments).set({ checkedInAt }).where(eq(doctorAppointments.repId, rep.id));
    const res = await get('/api/account/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="repvisit-my-data-2026-03-02\.json"$/);
    const data = res.json();
    expect(data.accountType).toBe('medical_rep');
    expect(data.profile).toMatchObject({ id: rep.id, fullName: rep.fullName, email: rep.email, phone: rep.phone, company: rep.company });
    expect(data.terms).toEqual({ accepted: true, version: '2025-06-01', acceptedAt: rep.termsAcceptedAt!.toISOString() });
    expect(data.appointments).toEqual([
      expect.objectContaining({ date: '2026-03-05', status: 'booked', doctor: doctor.name, clinic: clinic.clinicName, checkedInAt: checkedInAt.toISOString() }),
    ]);
    expect(data.subscription.orders).toEqual([
      expect.objectContaining({ plan: 'monthly', amountPaise: 9900, status: 'paid', amountRefundedPaise: 4900, refundedAt: refundedAt.toISOString() }),
    ]);
    expect(data.waitlist).toEqual([expect.objectContaining({ date: '2026-03-20', doctor: doctor.name, clinic: clinic.clinicName, status: 'waiting' })]);
    expect(data.notifications.whatsappNumber).toBe('919812345678');
    expect(data.whatsappConsents).toEqual([expect.objectContaining({ phone: '919812345678', action: 'opt_in', wording: 'I agree', source: 'settings' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.controller.grievanceOfficer).toMatch(/@/);
    const text = res.body;
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(rep.password);
    expect(text).not.toContain(cookie.split('=')[1]!);
    const [session] = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, rep.id));
    expect(text).not.toContain(session!.id);
  });

  it("exports a clinic's account, doctors with call settings and visits", async () => {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { termsVersion: '2025-06-01' });
    const doctor = await createDoctor(db, clinic.id);
    const rep = await createSubscribedRep(db);
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-05', status: 'booked' });
    const res = await get('/api/account/export', await sessionCookie(ctx.app, 'clinic', clinic.id));
    const data = res.json();
    expect(data.accountType).toBe('clinic');
    expect(data.profile).toMatchObject({ clinicName: clinic.clinicName, email: clinic.email, contactNumber: clinic.contactNumber });
    expect(data.terms.version).toBe('2025-06-01');
    expect(data.doctors).toEqual([expect.objectContaining({ name: doctor.name, callSettings: expect.objectContaining({ maxSlots: 3 }) })]);
    expect(data.appointments).toEqual([expect.objectContaining({ rep: rep.fullName, company: rep.company })]);
    expect(res.body).not.toContain(clinic.password);
  });

  it('deletes a rep only with the e-mailed code: personal data erased, sessions ended, payment records kept without the person', async () => {
    const { rep, cookie } = await repWorld();
    const other = await sessionCookie(ctx.app, 'medrep', rep.id);
    const asked = await post('/api/account/delete/request', cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('We have e-mailed you a code to confirm the deletion of your account.');
    const code = codeIn(await ctx.mailbox.waitFor(rep.email, (m) => /Confirm the deletion/.test(m.subject)));
    const wrong = await post('/api/account/delete/confirm', cookie, { code: code === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid code. Please check the code in your e-mail.');
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);

    const done = await post('/api/account/delete/confirm', cookie, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Your account and personal data have been deleted.');
    await ctx.mailbox.waitFor(rep.email, (m) => /has been deleted/.test(m.subject));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/me', other)).statusCode).toBe(401);

    const [row] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row).toMatchObject({ fullName: 'Deleted account', status: 'deleted', deviceFingerprint: null });
    expect(JSON.stringify(row)).not.toContain(rep.email);
    expect(JSON.stringify(row)).not.toContain(rep.phone);
    expect(await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, rep.id))).toEqual([]);
    expect(row!.whatsappNumber).toBeNull();
    expect(await ctx.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.repId, rep.id))).toEqual([]);
    expect(await ctx.app.db.select().from(whatsappConsents).where(eq(whatsappConsents.accountId, rep.id))).toEqual([]);
    const orders = await ctx.app.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.repId, rep.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amount: 9900, status: 'paid' });
    // The old password no longer signs in; the e-mail and phone are free for a new account.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('deletes a clinic with its doctors and visits, after three wrong codes asks for a new code', async () => {
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id);
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    expect((await post('/api/account/delete/confirm', cookie, { code: '123456' })).json().message).toBe('Please request a new deletion code.');
    await post('/api/account/delete/request', cookie);
    const code = codeIn(await ctx.mailbox.waitFor(clinic.email, (m) => /Confirm the deletion/.test(m.subject)));
    const bad = code === '000001' ? '000002' : '000001';
    for (let i = 0; i < 3; i++) await post('/api/account/delete/confirm', cookie, { code: bad });
    const locked = await post('/api/account/delete/confirm', cookie, { code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please request a new one.');
    const confirmMails = () => ctx.mailbox.to(clinic.email).filter((m) => /Confirm the deletion/.test(m.subject));
    const before = confirmMails().length;
    await post('/api/account/delete/request', cookie);
    await ctx.mailbox.waitFor(clinic.email, () => confirmMails().length > before);
    const fresh = codeIn(confirmMails().at(-1)!);
    expect((await post('/api/account/delete/confirm', cookie, { code: fresh })).statusCode).toBe(200);
    expect(await db.select().from(clinicUsers).where(eq(clinicUsers.id, clinic.id))).toEqual([]);
    expect(await db.select().from(doctors).where(eq(doctors.id, doctor.id))).toEqual([]);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  // Of 10 parallel wrong guesses at most 3 may be compared (the attempt is counted atomically before the comparison).
  for (const kind of ['medrep', 'clinic'] as const) {
    it(`${kind}: 10 parallel wrong deletion codes: at most 3 are checked, then 429 until a new code`, async () => {
      const account = kind === 'medrep' ? await createSubscribedRep(ctx.app.db) : await createClinic(ctx.app.db);
      const mails = () => ctx.mailbox.to(account.email).filter((m) => /Confirm the deletion/.test(m.subject));
      // Three rounds, each with a new code and a new session (the routes' own limits count per session).
      for (let round = 1; round <= 3; round++) {
        const cookie = await sessionCookie(ctx.app, kind, account.id);
        await post('/api/account/delete/request', cookie);
        const code = codeIn(await ctx.mailbox.waitFor(account.email, () => mails().length >= round));
        const bad = code === '000001' ? '000002' : '000001';
        const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/account/delete/confirm', cookie, { code: bad })));
        const checked = answers.filter((r) => r.statusCode === 400);
        expect(checked.length, `round ${round}: wrong codes compared`).toBeLessThanOrEqual(3);
        expect(checked.every((r) => r.json().code === 'wrong_code')).toBe(true);
        expect(answers.filter((r) => r.statusCode === 429).map((r) => r.json().code)).toEqual(Array(10 - checked.length).fill('too_many_attempts'));
        // The right code is refused too, until a new code.
        const again = await sessionCookie(ctx.app, kind, account.id);
        const locked = await post('/api/account/delete/confirm', again, { code });
        expect(locked.statusCode).toBe(429);
        expect(locked.json().message).toBe('Too many wrong codes. Please request a new one.');
      }
      const cookie = await sessionCookie(ctx.app, kind, account.id);
      expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
      await post('/api/account/delete/request', cookie);
      await ctx.mailbox.waitFor(account.email, () => mails().length > 3);
      const done = await post('/api/account/delete/confirm', cookie, { code: codeIn(mails().at(-1)!) });
      expect(done.statusCode, done.body).toBe(200);
    });
  }

  it('lets a code expire after 15 minutes', async () => {
    const { rep, cookie } = await repWorld();
    await post('/api/account/delete/request', cookie);
    const code = codeIn(await ctx.mailbox.waitFor(rep.email, (m) => /Confirm the deletion/.test(m.subject)));
    ctx.clock.advanceMinutes(16);
    const res = await post('/api/account/delete/confirm', cookie, { code });
    expect(res.json().message).toBe('The code has expired. Please request a new one.');
    ctx.clock.set('2026-03-02T04:30:00.000Z');
  });
});
