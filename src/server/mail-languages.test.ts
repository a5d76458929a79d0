import { expect, it } from 'vitest';
import { i18nFor } from './i18n';
import { deliverOutbox, describeEachDatabase } from './test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from './test/factories';
import { runClinicMorningList } from './jobs/clinic-morning-list.job';

// E-mails go in the recipient's language (docs/decisions/045-languages.md): the account's `language`, English when
// never chosen. The texts are the server catalogue's (src/shared/i18n/server/<locale>.json); calendar dates keep
// dd/mm/yyyy, weekdays are the language's words.

/** A calendar file's lines unfolded (RFC 5545 3.1: a long line continues on the next after CRLF and a space). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describeEachDatabase('e-mails in the recipient’s language', (ctx) => {
  it('a rep who chose Hindi gets the booking e-mail and its calendar file in Hindi', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 2 March 2026, 10:00 IST
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim', specialty: 'Cardiology' });
    const rep = await createSubscribedRep(db, { fullName: 'Ravi Sharma', language: 'hi' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04' },
    });
    expect(res.statusCode).toBe(201);
    await deliverOutbox(ctx);

    const [mail] = ctx.mailbox.to(rep.email);
    const hi = i18nFor('hi');
    const subject = hi._('Appointment booked: {doctor} on {date}', { doctor: 'Dr. Mir Qasim', date: '04/03/2026' });
    expect(subject).not.toBe('Appointment booked: Dr. Mir Qasim on 04/03/2026');
    expect(mail!.subject).toBe(subject);
    expect(mail!.text).toContain(hi._('Hello {name},', { name: 'Ravi Sharma' }));
    expect(mail!.text).toContain(hi._('Your appointment is booked.'));
    expect(mail!.text).not.toContain('Your appointment is booked.');
    // The specialty, city and state of the spec's lists in Hindi; the names as written.
    const place = hi._('Clinic: {clinic}, {city}, {state}', { clinic: 'Lake View Clinic', city: hi._('Srinagar'), state: hi._('Jammu and Kashmir') });
    expect(mail!.text).toContain(hi._('Doctor: {doctor} ({specialty})', { doctor: 'Dr. Mir Qasim', specialty: hi._('Cardiology') }));
    expect(mail!.text).toContain(place);
    expect(mail!.text).not.toMatch(/Cardiology|Srinagar|Jammu/);
    // Wednesday in Hindi, the date as everywhere.
    expect(mail!.text).toContain('बुधवार');
    expect(mail!.text).toContain('04/03/2026');
    const ics = unfold(mail!.attachments.find((a) => a.filename?.endsWith('.ics'))!.content);
    expect(ics).toContain(`SUMMARY:${hi._('Visit {doctor} at {clinic}', { doctor: 'Dr. Mir Qasim', clinic: 'Lake View Clinic' })}`);
    expect(ics).not.toContain('SUMMARY:Visit Dr. Mir Qasim at Lake View Clinic');
  });

  it('a clinic that chose Urdu gets its morning visitor list in Urdu', async () => {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Gulmarg Health', contactPerson: 'Asha Kaul', language: 'ur' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Cardio', specialty: 'Cardiology' });
    const rep = await createSubscribedRep(db, { fullName: 'Ravi Sharma', company: 'Sun Pharma', phone: '9876500001' });
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-02' });

    ctx.clock.set('2026-03-02T01:30:00.000Z'); // 07:00 IST, Monday
    await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() });
    await deliverOutbox(ctx);

    const [mail] = ctx.mailbox.to(clinic.email);
    const ur = i18nFor('ur');
    const subject = ur._("Today's medical rep visits at {clinic}, {date}", { clinic: 'Gulmarg Health', date: '02/03/2026' });
    expect(subject).not.toBe("Today's medical rep visits at Gulmarg Health, 02/03/2026");
    expect(mail!.subject).toBe(subject);
    expect(mail!.text).toContain(ur._('Hello {name},', { name: 'Asha Kaul' }));
    const heading = `Dr. Mir Cardio (${ur._('Cardiology')})`;
    expect(heading).not.toContain('Cardiology');
    expect(mail!.text).toContain(ur._('{doctor}: {count, plural, one {# visit} other {# visits}}', { doctor: heading, count: 1 }));
    expect(mail!.text).not.toContain('Cardiology');
    // Monday in Urdu; the visitor's details as the clinic wrote them.
    expect(mail!.text).toContain('پیر');
    expect(mail!.text).toContain('Ravi Sharma, Sun Pharma, 9876500001');
  });

  it('a rep who chose Urdu reads the token line, the weekday with the Arabic comma and the calendar file’s place in Urdu', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 2 March 2026, 10:00 IST
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim', specialty: 'Cardiology' });
    const rep = await createSubscribedRep(db, { fullName: 'Ravi Sharma', language: 'ur' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04' },
    });
    expect(res.statusCode).toBe(201);
    await deliverOutbox(ctx);

    const [mail] = ctx.mailbox.to(rep.email);
    const ur = i18nFor('ur');
    // The token line (docs/decisions/039) in Urdu, not in English.
    expect(mail!.text).toMatch(/#1/);
    expect(mail!.text).not.toMatch(/Token|queue/);
    // Wednesday, then the Arabic comma: no Latin comma in an Urdu date.
    expect(mail!.text).toContain('بدھ، 04/03/2026');
    expect(mail!.text).not.toMatch(/بدھ,/);
    const ics = unfold(mail!.attachments.find((a) => a.filename?.endsWith('.ics'))!.content);
    const description = /^DESCRIPTION:(.*)$/m.exec(ics)![1]!;
    // The description is read: its city and state in Urdu. The LOCATION keeps the data's words for the map.
    expect(description).toContain(ur._('Srinagar'));
    expect(description).not.toMatch(/Srinagar|Jammu/);
    expect(ics).toContain('LOCATION:Lake View Clinic\\, Srinagar\\, Jammu and Kashmir');
  });

  it('the spec’s cancellation reason, stored in English from a Hindi clinic’s screen, reaches an Urdu rep in Urdu (docs/decisions/052)', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 2 March 2026, 10:00 IST
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic', language: 'hi' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Irfan Mir' });
    const rep = await createSubscribedRep(db, { fullName: 'Sana Mir', language: 'ur' });
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-02' });
    const ur = i18nFor('ur');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/cancel-today-calls',
      headers: { cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) },
      payload: { clinicId: clinic.id, doctorId: doctor.id, date: '2026-03-02', reason: 'Doctor has some important work' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliverOutbox(ctx);

    const [mail] = ctx.mailbox.to(rep.email);
    expect(mail!.text).toContain(ur._('Reason: {reason}', { reason: ur._('Doctor has some important work') }));
    expect(mail!.text).not.toContain('Doctor has some important work');
  });
});
