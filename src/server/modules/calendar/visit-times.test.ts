import ICAL from 'ical.js';
import { beforeEach, expect, it } from 'vitest';
import type { clinicDoctorSettings } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import type { ReceivedMail } from '../../test/mailbox';

// Visiting hours in what the rep receives (docs/decisions/039): the booking and cancellation e-mails say the time,
// the booking says the token, and the calendar files and the private feed hold the visit at its time in Indian
// time, one visit long; visits of doctors without visiting hours stay all-day, as before.

const MONDAY = '2026-11-23T04:30:00.000Z'; // Monday 23/11/2026, 10:00 IST
const TUESDAY = '2026-11-24';
const HOURS = { visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 20, maxSlots: 4 };

const icsOf = (mail: ReceivedMail) => mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content;
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

/** What a calendar app reads: each event's UID and instants, with the file's own time zone registered. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    return calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return { uid: e.uid, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(), allDay: e.startDate.isDate };
    });
  } finally {
    ICAL.TimezoneService.remove('Asia/Kolkata');
  }
}

describeEachDatabase('visit times in e-mails and calendar files', (ctx) => {
  beforeEach(() => ctx.clock.set(MONDAY));

  async function world(settings: Partial<typeof clinicDoctorSettings.$inferInsert> = HOURS) {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim', specialty: 'Cardiology', settings });
    return { db, clinic, doctor };
  }

  async function repBooks(w: Awaited<ReturnType<typeof world>>, startTime?: string) {
    const rep = await createSubscribedRep(ctx.app.db, { fullName: `Rep ${startTime ?? 'day'}` });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TUESDAY, ...(startTime ? { startTime } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { rep, cookie, id: res.json<{ appointment: { id: number } }>().appointment.id };
  }

  it('the booking e-mail says the time and token; its file is the visit at its time, one visit long; the cancellation matches it', async () => {
    const w = await world();
    const later = await repBooks(w, '15:50');
    const earlier = await repBooks(w, '15:30');

    const booked = await ctx.mailbox.waitFor(later.rep.email, (m) => m.subject.startsWith('Appointment booked'));
    expect(booked.subject).toBe('Appointment booked: Dr. Mir Qasim on 24/11/2026 at 15:50');
    expect(booked.text).toContain('Date: Tuesday, 24/11/2026 at 15:50\n');
    expect(booked.text).toContain('Token: #1,');
    const bookedIcs = icsOf(booked);
    expect(bookedIcs).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\nBEGIN:STANDARD\r\n');
    expect(bookedIcs).toContain('\r\nTZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nTZNAME:IST\r\n');
    expect(bookedIcs).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T155000\r\n');
    expect(bookedIcs).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T161000\r\n');
    const bookedEvent = { uid: `appointment-${later.id}@localhost`, start: '2026-11-24T10:20:00.000Z', end: '2026-11-24T10:40:00.000Z', allDay: false };
    expect(eventsOf(bookedIcs)).toEqual([bookedEvent]);

    // The second rep took an earlier time: first in the day's order.
    const second = await ctx.mailbox.waitFor(earlier.rep.email, (m) => m.subject.startsWith('Appointment booked'));
    expect(second.subject).toBe('Appointment booked: Dr. Mir Qasim on 24/11/2026 at 15:30');
    expect(second.text).toContain('Token: #1,');
    expect(icsOf(second)).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T153000\r\n');

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${later.id}`, headers: { cookie: later.cookie } });
    expect(res.statusCode).toBe(200);
    const cancelled = await ctx.mailbox.waitFor(later.rep.email, (m) => m.subject.startsWith('Appointment cancelled'));
    expect(cancelled.subject).toBe('Appointment cancelled: Dr. Mir Qasim on 24/11/2026 at 15:50');
    expect(cancelled.text).toContain('on Tuesday, 24/11/2026 at 15:50 is cancelled');
    const cancelIcs = icsOf(cancelled);
    expect(cancelIcs).toContain('METHOD:CANCEL\r\n');
    expect(cancelIcs).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T155000\r\n');
    expect(cancelIcs).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T161000\r\n');
    expect(eventsOf(cancelIcs)).toEqual([bookedEvent]);
  });

  it('a doctor without visiting hours: the e-mails and files stay all-day, with no time zone', async () => {
    const w = await world({ maxSlots: 3 });
    const { rep, id } = await repBooks(w);
    const booked = await ctx.mailbox.waitFor(rep.email, (m) => m.subject.startsWith('Appointment booked'));
    expect(booked.subject).toBe('Appointment booked: Dr. Mir Qasim on 24/11/2026');
    expect(booked.text).toContain('Date: Tuesday, 24/11/2026\n');
    expect(booked.text).toContain('Token: #1,');
    const ics = icsOf(booked);
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261124\r\nDTEND;VALUE=DATE:20261125\r\n');
    expect(ics).not.toContain('TZID');
    expect(ics).not.toContain('VTIMEZONE');
    expect(eventsOf(ics)).toMatchObject([{ uid: `appointment-${id}@localhost`, allDay: true }]);
  });

  it("the clinic's cancellation of the day's calls names the time, and its file has the booking's times", async () => {
    ctx.clock.set('2026-11-24T04:30:00.000Z'); // Tuesday 10:00 IST
    const w = await world({ ...HOURS, slotMinutes: 20, visitWindows: [{ start: '15:30', end: '17:00' }] });
    const rep = await createSubscribedRep(w.db);
    const visit = await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TUESDAY, startTime: '15:50' });
    const cookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/cancel-today-calls',
      headers: { cookie },
      payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, date: TUESDAY, reason: 'Clinic will be closed today' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.mailbox.waitFor(rep.email);
    expect(mail.subject).toBe('Appointment cancelled: Dr. Mir Qasim on 24/11/2026 at 15:50');
    expect(mail.text).toContain('has cancelled your appointment with Dr. Mir Qasim on 24/11/2026 at 15:50.');
    const ics = icsOf(mail);
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T155000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T161000\r\n');
    expect(eventsOf(ics)).toEqual([
      { uid: `appointment-${visit.id}@localhost`, start: '2026-11-24T10:20:00.000Z', end: '2026-11-24T10:40:00.000Z', allDay: false },
    ]);
  });

  it("removing the doctor cancels with the visit's length, read before his settings go", async () => {
    const w = await world({ ...HOURS, slotMinutes: 30, visitWindows: [{ start: '09:00', end: '11:00' }] });
    const rep = await createSubscribedRep(w.db);
    await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TUESDAY, startTime: '10:30' });
    const cookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${w.clinic.id}/${w.doctor.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.mailbox.waitFor(rep.email);
    expect(mail.subject).toBe('Appointment cancelled: Dr. Mir Qasim on 24/11/2026 at 10:30');
    expect(icsOf(mail)).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T103000\r\nDTEND;TZID=Asia/Kolkata:20261124T110000\r\n');
  });

  it('the private feed holds timed visits at their time and whole-day ones all-day, in the order of the days', async () => {
    const w = await world();
    const plain = await createDoctor(w.db, w.clinic.id, { name: 'Dr. Plain Day', settings: { maxSlots: 3 } });
    const rep = await createSubscribedRep(w.db);
    await createAppointment(w.db, { doctorId: plain.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TUESDAY });
    const timed = await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TUESDAY, startTime: '16:10' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: { cookie } });
    const feed = await ctx.app.inject({ method: 'GET', url: new URL(created.json<{ url: string }>().url).pathname });
    expect(feed.statusCode).toBe(200);
    const ics = unfold(feed.body);
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T161000\r\nDTEND;TZID=Asia/Kolkata:20261124T163000\r\n');
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261124\r\nDTEND;VALUE=DATE:20261125\r\n');
    const events = eventsOf(feed.body);
    expect(events[0]).toEqual({ uid: `appointment-${timed.id}@localhost`, start: '2026-11-24T10:40:00.000Z', end: '2026-11-24T11:00:00.000Z', allDay: false });
    expect(events[1]).toMatchObject({ allDay: true });
  });
});
