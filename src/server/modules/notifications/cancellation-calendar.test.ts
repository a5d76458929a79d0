import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// When the clinic cancels the day's calls, the rep's e-mail carries a calendar file that removes the
// visit (METHOD:CANCEL, the same UID as the booking's file).

describeEachDatabase('clinic cancellation calendar file', (ctx) => {
  it('the cancellation e-mail carries a CANCEL event for that visit', async () => {
    const db = ctx.app.db;
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 10:00 IST
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Cancel' });
    const rep = await createSubscribedRep(db);
    const visit = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-02' });
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/cancel-today-calls',
      headers: { cookie },
      payload: { clinicId: clinic.id, doctorId: doctor.id, date: '2026-03-02', reason: 'Clinic will be closed today' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.mailbox.waitFor(rep.email);
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    expect(ics!.content).toContain('METHOD:CANCEL');
    expect(ics!.content).toContain(`UID:appointment-${visit.id}@localhost`);
    expect(ics!.content).toContain('DTSTART;VALUE=DATE:20260302');
    expect(ics!.content).toContain('STATUS:CANCELLED');
    expect(ics!.content).toContain('LOCATION:Lake View Clinic\\, Srinagar\\, Jammu and Kashmir');
  });
});
