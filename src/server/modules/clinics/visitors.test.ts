import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicDoctors, doctorAppointments, emailAuditLog } from '../../db/schema';
import { deliverOutbox, describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie } from '../../test/factories';

// The clock starts on Monday 2026-03-02, 10:00 in India.
const TODAY = '2026-03-02';

describeEachDatabase("the day's visitors and cancelling today's calls", (ctx) => {
  let clinic: Awaited<ReturnType<typeof createClinic>>;
  let other: Awaited<ReturnType<typeof createClinic>>;
  let cookie: string;
  let otherCookie: string;
  let doctorId: number;
  let reps: Awaited<ReturnType<typeof createRep>>[];

  beforeAll(async () => {
    clinic = await createClinic(ctx.app.db, { clinicName: 'Dal Gate Clinic' });
    other = await createClinic(ctx.app.db);
    cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    otherCookie = await sessionCookie(ctx.app, 'clinic', other.id);
    doctorId = (await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Irfan Mir' })).id;
    await ctx.app.db.insert(clinicDoctors).values({ clinicId: other.id, doctorId });
    reps = [
      await createRep(ctx.app.db, { fullName: 'Asif Rep', company: 'Cipla', phone: '9000000001' }),
      await createRep(ctx.app.db, { fullName: 'Bina Rep', company: 'Lupin', phone: '9000000002' }),
      await createRep(ctx.app.db, { fullName: 'Chand Rep', company: 'Zydus', phone: '9000000003' }),
      await createRep(ctx.app.db, { fullName: 'Dev Rep', company: 'Abbott', phone: '9000000004' }),
    ];
  });

  const list = (q: string, c = cookie) => ctx.app.inject({ method: 'GET', url: `/api/doctor-appointments?${q}`, headers: { cookie: c } });
  const cancel = (body: Record<string, unknown>, c = cookie) =>
    ctx.app.inject({ method: 'POST', url: '/api/clinic/cancel-today-calls', headers: { cookie: c }, payload: body });

  describe('listing', () => {
    it("lists the day's appointments with the rep's name, company and number; without a date, all from today on", async () => {
      await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[0]!.id, appointmentDate: TODAY });
      await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[1]!.id, appointmentDate: '2026-03-03', status: 'confirmed' });
      await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[2]!.id, appointmentDate: '2026-02-27' });
      await createAppointment(ctx.app.db, { doctorId, clinicId: other.id, repId: reps[2]!.id, appointmentDate: TODAY });

      const day = await list(`doctorId=${doctorId}&date=${TODAY}&clinicId=${clinic.id}`);
      expect(day.statusCode).toBe(200);
      expect(day.json().appointments).toEqual([
        expect.objectContaining({
          appointment_date: TODAY,
          rep_id: reps[0]!.id,
          doctor_id: doctorId,
          clinic_id: clinic.id,
          rep_name: 'Asif Rep',
          company_name: 'Cipla',
          contact_number: '9000000001',
          status: 'booked',
        }),
      ]);
      const upcoming = await list(`doctorId=${doctorId}`);
      expect(upcoming.json().appointments.map((a: { appointment_date: string }) => a.appointment_date)).toEqual([TODAY, '2026-03-03']);
    });

    it("refuses another clinic's id (403), a doctor not linked (404), bad input (400), a rep session (403)", async () => {
      expect((await list(`doctorId=${doctorId}&clinicId=${clinic.id}`, otherCookie)).statusCode).toBe(403);
      const theirs = await createDoctor(ctx.app.db, other.id);
      expect((await list(`doctorId=${theirs.id}&clinicId=${clinic.id}`)).statusCode).toBe(404);
      expect((await list(`doctorId=${doctorId}&date=2026-02-30`)).statusCode).toBe(400);
      const missing = await list(`date=${TODAY}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Please select a doctor first.');
      const repCookie = await sessionCookie(ctx.app, 'medrep', reps[0]!.id);
      expect((await list(`doctorId=${doctorId}&clinicId=${clinic.id}`, repCookie)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/doctor-appointments?doctorId=${doctorId}` })).statusCode).toBe(401);
    });
  });

  describe('cancel today', () => {
    it('refuses a missing reason, an unknown reason, a missing doctor and any date but today, answering { error }', async () => {
      const noReason = await cancel({ clinicId: clinic.id, doctorId, date: TODAY });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error).toBe('Please select a reason for cancellation.');
      expect((await cancel({ clinicId: clinic.id, doctorId, date: TODAY, reason: 'Feeling lazy' })).json().error).toBe(
        'Please select a reason for cancellation.',
      );
      expect((await cancel({ clinicId: clinic.id, date: TODAY, reason: 'Clinic will be closed today' })).json().error).toBe('Please select a doctor first.');
      const tomorrow = await cancel({ clinicId: clinic.id, doctorId, date: '2026-03-03', reason: 'Clinic will be closed today' });
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.json().error).toBe("Only today's calls can be cancelled.");
    });

    it("refuses another clinic's id (403) and its doctor (404), and a rep (401)", async () => {
      const body = { clinicId: clinic.id, doctorId, date: TODAY, reason: 'Clinic will be closed today' };
      const denied = await cancel(body, otherCookie);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error).toBeTruthy();
      const theirs = await createDoctor(ctx.app.db, other.id);
      expect((await cancel({ ...body, doctorId: theirs.id })).statusCode).toBe(404);
      const repCookie = await sessionCookie(ctx.app, 'medrep', reps[0]!.id);
      expect((await cancel(body, repCookie)).statusCode).toBe(401);
    });

    it("cancels only this doctor's active appointments here today, keeps the reason, e-mails each rep and frees the slots", async () => {
      const confirmed = await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[1]!.id, appointmentDate: TODAY, status: 'confirmed' });
      const done = await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[3]!.id, appointmentDate: TODAY, status: 'completed' });

      const res = await cancel({ clinicId: clinic.id, doctorId, date: TODAY, reason: 'Doctor is leaving for conference' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cancelledCount: 2, emailsSent: 2 });

      for (const rep of [reps[0]!, reps[1]!]) {
        const mail = await ctx.mailbox.waitFor(rep.email, (m) => m.text.includes('Doctor is leaving for conference'));
        expect(mail.text).toContain('Dal Gate Clinic');
        expect(mail.text).toContain('Dr. Irfan Mir');
        expect(mail.text).toContain('02/03/2026');
      }
      await deliverOutbox(ctx);
      for (const untouched of [reps[2]!, reps[3]!]) expect(ctx.mailbox.to(untouched.email).some((m) => m.text.includes('conference'))).toBe(false);
      const audit = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.templateType, 'cancellation'));
      expect(audit.filter((a) => a.status === 'sent').length).toBeGreaterThanOrEqual(2);

      const [row] = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, confirmed.id));
      expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Doctor is leaving for conference', cancelledBy: 'clinic' });
      expect(row!.cancelledAt?.toISOString()).toBe(ctx.clock.now().toISOString());
      const [kept] = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, done.id));
      expect(kept!.status).toBe('completed');

      const day = await list(`doctorId=${doctorId}&date=${TODAY}&clinicId=${clinic.id}`);
      expect(day.json().appointments.filter((a: { status: string }) => a.status === 'booked' || a.status === 'confirmed')).toHaveLength(0);
      const otherDay = await list(`doctorId=${doctorId}&date=${TODAY}&clinicId=${other.id}`, otherCookie);
      expect(otherDay.json().appointments[0].status).toBe('booked');

      // A second press finds nothing left to cancel.
      expect((await cancel({ clinicId: clinic.id, doctorId, date: TODAY, reason: 'Doctor is leaving for conference' })).json()).toEqual({
        cancelledCount: 0,
        emailsSent: 0,
      });
    });

    it('uses the Indian date: at 23:00 UTC the Indian day is already the next one', async () => {
      ctx.clock.set('2026-03-02T23:00:00.000Z'); // 04:30 on 3 March in India
      const lateCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      const res = await cancel({ clinicId: clinic.id, doctorId, date: TODAY, reason: 'Clinic will be closed today' }, lateCookie);
      expect(res.statusCode).toBe(400);
      const next = await cancel({ clinicId: clinic.id, doctorId, date: '2026-03-03', reason: 'Clinic will be closed today' }, lateCookie);
      expect(next.statusCode).toBe(200);
      expect(next.json().cancelledCount).toBe(1);
      ctx.clock.set('2026-03-02T04:30:00.000Z');
    });
  });
});
