import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, medicalReps } from '../db/schema';
import { deliverOutbox, describeEachDatabase } from '../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../test/factories';
import { runClinicMorningList } from './clinic-morning-list.job';
import { runRenewalReminders } from './renewal-reminders.job';

// The clinic's morning visitor list (07:00 IST) and the rep's renewal reminder (3 days ahead).

describeEachDatabase('clinic morning list and renewal reminders', (ctx) => {
  it('sends each clinic that wants it today’s visitors per doctor, once; not to clinics that turned it off or have none', async () => {
    const db = ctx.app.db;
    const wants = await createClinic(db, { clinicName: 'Gulmarg Health', contactPerson: 'Asha Kaul' });
    const off = await createClinic(db, { emailNotifications: false });
    const empty = await createClinic(db);
    const cardio = await createDoctor(db, wants.id, { name: 'Dr. Mir Cardio', specialty: 'Cardiology' });
    const derma = await createDoctor(db, wants.id, { name: 'Dr. Kaul Derma', specialty: 'Dermatology' });
    const offDoctor = await createDoctor(db, off.id);
    await createDoctor(db, empty.id);
    const ravi = await createSubscribedRep(db, { fullName: 'Ravi Sharma', company: 'Sun Pharma', phone: '9876500001' });
    const meena = await createSubscribedRep(db, { fullName: 'Meena Rao', company: 'Cipla', phone: '9876500002' });
    const gone = await createSubscribedRep(db, { fullName: 'Cancelled Rep' });
    const today = '2026-03-02';
    await createAppointment(db, { doctorId: cardio.id, clinicId: wants.id, repId: ravi.id, appointmentDate: today });
    await createAppointment(db, { doctorId: cardio.id, clinicId: wants.id, repId: meena.id, appointmentDate: today, status: 'confirmed' });
    await createAppointment(db, { doctorId: derma.id, clinicId: wants.id, repId: meena.id, appointmentDate: today });
    await createAppointment(db, { doctorId: derma.id, clinicId: wants.id, repId: gone.id, appointmentDate: today, status: 'cancelled' });
    await createAppointment(db, { doctorId: derma.id, clinicId: wants.id, repId: ravi.id, appointmentDate: '2026-03-03' });
    await createAppointment(db, { doctorId: offDoctor.id, clinicId: off.id, repId: ravi.id, appointmentDate: today });

    ctx.clock.set('2026-03-02T01:30:00.000Z'); // 07:00 IST
    const outcome = await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(outcome).toMatchObject({ status: 'succeeded', counts: { emailsQueued: 1, visitsOptedOut: 1 } });

    const mails = ctx.mailbox.to(wants.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Today's medical rep visits at Gulmarg Health, 02/03/2026");
    const text = mails[0]!.text;
    expect(text).toContain('Dr. Mir Cardio (Cardiology): 2 visits');
    expect(text).toContain('Dr. Kaul Derma (Dermatology): 1 visit');
    expect(text).toContain('Ravi Sharma, Sun Pharma, 9876500001');
    expect(text).toContain('Meena Rao, Cipla, 9876500002');
    expect(text).not.toContain('Cancelled Rep');
    expect(ctx.mailbox.to(off.email)).toHaveLength(0);
    expect(ctx.mailbox.to(empty.email)).toHaveLength(0);

    ctx.clock.advanceMinutes(10);
    await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(wants.email)).toHaveLength(1);
  });

  // Visiting hours (docs/decisions/039): each doctor's visitors in the day's order, as the day view shows them.
  it('lists each doctor’s visitors by time with token and time, whole-day visits after the timed ones', async () => {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Token Clinic' });
    const doctor = await createDoctor(db, clinic.id, {
      name: 'Dr. Shah Hours',
      specialty: 'Cardiology',
      settings: { visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 15 },
    });
    const plain = await createDoctor(db, clinic.id, { name: 'Dr. Zargar Plain', specialty: 'Dermatology' });
    const rep = (fullName: string, phone: string) => createSubscribedRep(db, { fullName, company: 'Cipla', phone });
    const [late, early, untimed, cancelled, a, b] = [
      await rep('Late Rep', '9876500011'),
      await rep('Early Rep', '9876500012'),
      await rep('Untimed Rep', '9876500013'),
      await rep('Gone Rep', '9876500014'),
      await rep('First Plain', '9876500015'),
      await rep('Second Plain', '9876500016'),
    ];
    const today = '2026-03-02';
    const visit = (doctorId: number, repId: number, o: { startTime?: string; status?: 'cancelled' } = {}) =>
      createAppointment(db, { doctorId, clinicId: clinic.id, repId, appointmentDate: today, ...o });
    await visit(doctor.id, late.id, { startTime: '16:00' });
    await visit(doctor.id, untimed.id); // booked before the hours were set
    await visit(doctor.id, cancelled.id, { startTime: '15:30', status: 'cancelled' });
    await visit(doctor.id, early.id, { startTime: '15:45' });
    await visit(plain.id, a.id);
    await visit(plain.id, b.id);

    ctx.clock.set('2026-03-02T01:50:00.000Z'); // 07:20 IST, a moment of its own: one run of the job per moment
    await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    const [mail] = ctx.mailbox.to(clinic.email);
    expect(mail!.text).toContain(
      [
        'Dr. Shah Hours (Cardiology): 3 visits',
        '  #1 · 15:45 Early Rep, Cipla, 9876500012',
        '  #2 · 16:00 Late Rep, Cipla, 9876500011',
        '  #3 Untimed Rep, Cipla, 9876500013',
        '',
        'Dr. Zargar Plain (Dermatology): 2 visits',
        '  #1 First Plain, Cipla, 9876500015',
        '  #2 Second Plain, Cipla, 9876500016',
      ].join('\n'),
    );
    expect(mail!.text).not.toContain('Gone Rep');
  });

  it('the clinic’s e-mail notifications setting turns the morning list off', async () => {
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id);
    const rep = await createSubscribedRep(db);
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-05' });
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/clinic/preferences',
      headers: { cookie },
      payload: { emailNotifications: false, smsNotifications: false },
    });
    expect(put.statusCode).toBe(200);
    ctx.clock.set('2026-03-05T01:30:00.000Z');
    await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(clinic.email)).toHaveLength(0);
  });

  it('reminds reps whose subscription ends within 3 days to renew, once per expiry, unless turned off', async () => {
    const db = ctx.app.db;
    ctx.clock.set('2026-04-01T03:30:00.000Z'); // Wednesday 09:00 IST
    const endsIn3 = await createSubscribedRep(db, {
      fullName: 'Ends Soon',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2026-04-04T10:00:00.000Z'),
    });
    const endsIn10 = await createSubscribedRep(db, { subscriptionExpiresAt: new Date('2026-04-11T10:00:00.000Z') });
    const optedOut = await createSubscribedRep(db, { subscriptionExpiresAt: new Date('2026-04-03T10:00:00.000Z'), renewalReminders: false });
    const lapsed = await createRep(db, { subscriptionStatus: 'inactive', subscriptionExpiresAt: new Date('2026-04-02T10:00:00.000Z') });
    const expired = await createSubscribedRep(db, { subscriptionExpiresAt: new Date('2026-03-31T10:00:00.000Z') });

    const outcome = await runRenewalReminders({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(outcome.status).toBe('succeeded');
    const mails = ctx.mailbox.to(endsIn3.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your RepVisit subscription ends on 04/04/2026');
    expect(mails[0]!.text).toContain('monthly ₹99 or yearly ₹990');
    for (const rep of [endsIn10, optedOut, lapsed, expired]) expect(ctx.mailbox.to(rep.email)).toHaveLength(0);
    const [audit] = await db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, endsIn3.email));
    expect(audit).toMatchObject({ templateType: 'subscription', status: 'sent' });

    // The next days: no second reminder for the same expiry.
    ctx.clock.advanceDays(1);
    await runRenewalReminders({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(endsIn3.email)).toHaveLength(1);

    // Renewed for a month: a reminder again 3 days before the new end.
    await db
      .update(medicalReps)
      .set({ subscriptionExpiresAt: new Date('2026-05-04T10:00:00.000Z') })
      .where(eq(medicalReps.id, endsIn3.id));
    ctx.clock.set('2026-05-01T03:30:00.000Z');
    await runRenewalReminders({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(endsIn3.email)).toHaveLength(2);
    // endsIn10 is now past its end, never reminded in its window since the job did not run then: the window
    // is about the coming days only, not a lapsed subscription.
    expect(ctx.mailbox.to(endsIn10.email)).toHaveLength(0);
  });
});
