import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { runClinicMorningList } from '../../jobs/clinic-morning-list.job';
import { runEveningReminders } from '../../jobs/evening-reminders.job';
import { runRenewalReminders } from '../../jobs/renewal-reminders.job';
import { deliverOutbox, describeEachDatabase, type TestContext } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { startWhatsAppStandIn, webhookBody } from '../../test/whatsapp-stand-in';
import { waitlistOfferExpiredWhatsApp, waitlistOfferWhatsApp } from './whatsapp-messages.service';
import { renderTemplateBody } from './whatsapp-templates';
import { PHONE_NUMBER_ID, postWebhook, WHATSAPP_TOKEN, whatsappEnv, whatsappNumber } from './whatsapp.test-support';

// The product's WhatsApp messages (docs/decisions/044, Messages): each kind reaches the Graph API stand-in as its
// template with the right `to`, only for opted-in people, through the outbox with its retries.

const graph = await startWhatsAppStandIn({ phoneNumberId: PHONE_NUMBER_ID, token: WHATSAPP_TOKEN });
afterAll(() => graph.stop());

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 IST

async function world(ctx: TestContext) {
  const db = ctx.app.db;
  const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', contactPerson: 'Asha Kaul' });
  const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim' });
  // A second doctor: the call frequency (7 days) refuses a second visit to the first within the week.
  const doctor2 = await createDoctor(db, clinic.id, { name: 'Dr. Zargar' });
  const on = await createSubscribedRep(db, { fullName: 'Ravi Sharma', company: 'Sun Pharma', whatsappNumber: whatsappNumber() });
  const off = await createSubscribedRep(db, { fullName: 'Meena Rao', company: 'Cipla' });
  return { db, clinic, doctor, doctor2, on, off, onNumber: on.whatsappNumber!, cookie: await sessionCookie(ctx.app, 'medrep', on.id) };
}

function book(ctx: TestContext, o: { cookie: string; repId: number; doctorId: number; clinicId: number; date: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/book-appointment',
    headers: { cookie: o.cookie },
    payload: { doctorId: o.doctorId, clinicId: o.clinicId, repId: o.repId, appointmentDate: o.date },
  });
}

/** The account's WhatsApp rows, found by its address (a rep and a clinic may share an id). */
const whatsappRowsOf = (ctx: TestContext, account: { email: string }) =>
  ctx.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.recipientEmail, account.email)))
    .orderBy(outbox.id);

describeEachDatabase(
  'WhatsApp messages',
  (ctx) => {
    beforeEach(() => {
      ctx.clock.set(NOW);
      graph.reset();
    });

    it('confirms a booking to an opted-in rep with its template and number; a rep without opt-in gets none', async () => {
      const w = await world(ctx);
      const res = await book(ctx, { cookie: w.cookie, repId: w.on.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' });
      expect(res.statusCode, res.body).toBe(201);
      const offCookie = await sessionCookie(ctx.app, 'medrep', w.off.id);
      expect((await book(ctx, { cookie: offCookie, repId: w.off.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' })).statusCode).toBe(201);
      await deliverOutbox(ctx);

      expect(graph.sent).toHaveLength(1);
      const [sent] = graph.sent;
      expect(sent).toMatchObject({ to: w.onNumber, name: 'repvisit_booking_confirmation', language: 'en' });
      expect(renderTemplateBody('booking', sent!.body)).toBe(
        'Hello Ravi Sharma, your visit with Dr. Mir Qasim at Lake View Clinic, Srinagar on Wednesday, 04/03/2026 is booked (token #1). You can see or cancel it under My Appointments in RepVisit.',
      );
      expect(sent!.json).toMatchObject({ messaging_product: 'whatsapp', type: 'template' });
      expect(sent!.headers.authorization).toBe(`Bearer ${WHATSAPP_TOKEN}`);
      const [row] = await whatsappRowsOf(ctx, w.on);
      expect(row).toMatchObject({
        status: 'sent',
        providerMessageId: sent!.id,
        deliveryStatus: 'sent',
        recipientPhone: w.onNumber,
        recipientEmail: w.on.email,
      });
      expect(await whatsappRowsOf(ctx, w.off)).toEqual([]);
      // The e-mail went as before, beside it.
      expect(ctx.mailbox.to(w.on.email)).toHaveLength(1);
    });

    it('sends nothing to a phone nobody proved, and a name typed at registration reaches the template short and without links', async () => {
      const w = await world(ctx);
      // Someone registers with another person's phone and a message for them as the name (docs/decisions/048).
      const phishing = `Ravi. Your KYC expired, your account is blocked *today*: pay at https://evil.example/kyc ${'x'.repeat(140)}`;
      const stranger = whatsappNumber();
      const impostor = await createSubscribedRep(ctx.app.db, { fullName: phishing, phone: `+${stranger}` });
      const impostorCookie = await sessionCookie(ctx.app, 'medrep', impostor.id);
      const on = await ctx.app.inject({
        method: 'PUT',
        url: '/api/medrep/notification-preferences',
        headers: { cookie: impostorCookie },
        payload: { emailNotifications: true, pushNotifications: true, renewalReminders: true, whatsappNotifications: true },
      });
      expect(on.json().code).toBe('whatsapp_code_required');
      const booked = await book(ctx, { cookie: impostorCookie, repId: impostor.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' });
      expect(booked.statusCode, booked.body).toBe(201);
      await deliverOutbox(ctx);
      expect(graph.to(stranger)).toEqual([]);

      // A rep who proved their number gets the confirmation, with the name cut to 60 characters of a name's
      // characters: no link, no WhatsApp formatting.
      const proved = await createSubscribedRep(ctx.app.db, { fullName: phishing, whatsappNumber: whatsappNumber() });
      const provedCookie = await sessionCookie(ctx.app, 'medrep', proved.id);
      expect((await book(ctx, { cookie: provedCookie, repId: proved.id, doctorId: w.doctor2.id, clinicId: w.clinic.id, date: '2026-03-04' })).statusCode).toBe(
        201,
      );
      await deliverOutbox(ctx);
      const [sent] = graph.to(proved.whatsappNumber!);
      const name = sent!.body[0]!;
      expect(name.length).toBeLessThanOrEqual(60);
      expect(name).toMatch(/^Ravi\. Your KYC expired, your account is blocked today/);
      expect(name).not.toMatch(/[*_~`:/]/);
    });

    it('tells each opted-in rep of a clinic’s cancellation with its reason', async () => {
      const w = await world(ctx);
      await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.on.id, appointmentDate: '2026-03-02' });
      await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.off.id, appointmentDate: '2026-03-02' });
      const clinicCookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/cancel-today-calls',
        headers: { cookie: clinicCookie },
        payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, date: '2026-03-02', reason: 'Doctor is leaving for conference' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await deliverOutbox(ctx);
      expect(graph.sent).toHaveLength(1);
      expect(graph.sent[0]).toMatchObject({ to: w.onNumber, name: 'repvisit_visit_cancelled' });
      expect(graph.sent[0]!.body).toEqual(['Ravi Sharma', 'Lake View Clinic', 'Dr. Mir Qasim', 'Monday, 02/03/2026', 'Doctor is leaving for conference']);
    });

    it('reminds an opted-in rep the evening before, once, even with e-mail reminders off', async () => {
      const w = await world(ctx);
      const second = await createDoctor(w.db, w.clinic.id, {
        name: 'Dr. Kaul Derma',
        settings: { visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 15 },
      });
      await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.on.id, appointmentDate: '2026-03-03' });
      await createAppointment(w.db, { doctorId: second.id, clinicId: w.clinic.id, repId: w.on.id, appointmentDate: '2026-03-03', startTime: '15:45' });
      await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.off.id, appointmentDate: '2026-03-03' });
      ctx.clock.set('2026-03-02T12:30:00.000Z'); // 18:00 IST
      const outcome = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      expect(outcome.counts).toMatchObject({ whatsappQueued: 1 });
      await deliverOutbox(ctx);
      expect(graph.sent).toHaveLength(1);
      expect(graph.sent[0]).toMatchObject({ to: w.onNumber, name: 'repvisit_visit_reminder' });
      expect(graph.sent[0]!.body).toEqual([
        'Ravi Sharma',
        'Tuesday, 03/03/2026',
        '15:45, token #1: Dr. Kaul Derma at Lake View Clinic, Srinagar; token #1: Dr. Mir Qasim at Lake View Clinic, Srinagar',
      ]);
      ctx.clock.advanceMinutes(5);
      expect((await runEveningReminders({ app: ctx.app, now: ctx.clock.now() })).counts).toMatchObject({ whatsappQueued: 0 });
      await deliverOutbox(ctx);
      expect(graph.sent).toHaveLength(1);
    });

    it('sends an opted-in clinic its morning list, and an opted-in rep the renewal notice', async () => {
      const w = await world(ctx);
      const clinicNumber = whatsappNumber();
      const clinic = await createClinic(w.db, {
        clinicName: 'Gulmarg Health',
        contactPerson: 'Dr. Asha',
        whatsappNumber: clinicNumber,
        emailNotifications: false,
      });
      const doctor = await createDoctor(w.db, clinic.id, { name: 'Dr. Mir Cardio' });
      await createAppointment(w.db, { doctorId: doctor.id, clinicId: clinic.id, repId: w.on.id, appointmentDate: '2026-03-02' });
      await createAppointment(w.db, { doctorId: doctor.id, clinicId: clinic.id, repId: w.off.id, appointmentDate: '2026-03-02', status: 'confirmed' });
      // The clinic of world() has visitors too, but no WhatsApp.
      await createAppointment(w.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.off.id, appointmentDate: '2026-03-02' });
      ctx.clock.set('2026-03-02T01:30:00.000Z'); // 07:00 IST
      expect((await runClinicMorningList({ app: ctx.app, now: ctx.clock.now() })).counts).toMatchObject({ whatsappQueued: 1 });
      await deliverOutbox(ctx);
      expect(graph.sent).toHaveLength(1);
      expect(graph.sent[0]).toMatchObject({ to: clinicNumber, name: 'repvisit_clinic_visitors_today' });
      expect(graph.sent[0]!.body).toEqual([
        'Dr. Asha',
        'Gulmarg Health',
        'Monday, 02/03/2026',
        '2',
        'Dr. Mir Cardio: #1 Ravi Sharma (Sun Pharma), #2 Meena Rao (Cipla)',
      ]);
      const [row] = await whatsappRowsOf(ctx, clinic);
      expect(row).toMatchObject({ templateType: 'whatsapp_visitors', recipientEmail: clinic.email });

      graph.reset();
      const ending = await createSubscribedRep(w.db, {
        fullName: 'Ending Rep',
        subscriptionExpiresAt: new Date('2026-03-04T10:00:00Z'),
        whatsappNumber: whatsappNumber(),
      });
      const noReminders = await createSubscribedRep(w.db, {
        subscriptionExpiresAt: new Date('2026-03-04T10:00:00Z'),
        whatsappNumber: whatsappNumber(),
        renewalReminders: false,
      });
      expect((await runRenewalReminders({ app: ctx.app, now: ctx.clock.now() })).counts).toMatchObject({ whatsappQueued: 1 });
      await deliverOutbox(ctx);
      expect(graph.sent.map((s) => [s.to, s.name])).toEqual([[ending.whatsappNumber, 'repvisit_renewal_reminder']]);
      expect(graph.sent[0]!.body).toEqual(['Ending Rep', 'Wednesday, 04/03/2026', 'http://localhost:5000/medrep-dashboard']);
      expect(await whatsappRowsOf(ctx, noReminders)).toEqual([]);
    });

    it('builds the waitlist offer with its accept link, for an opted-in rep only', async () => {
      const w = await world(ctx);
      const offer = {
        doctorName: 'Dr. Mir Qasim',
        clinicName: 'Lake View Clinic',
        clinicCity: 'Srinagar',
        date: '2026-03-05',
        startTime: '15:30',
        offerExpiresAt: new Date('2026-03-02T06:30:00.000Z'),
        acceptUrl: 'http://localhost:5000/medrep-dashboard?waitlist=42',
      };
      const queued = await ctx.app.db.transaction(async (tx) => [
        await waitlistOfferWhatsApp(ctx.app, tx, { repId: w.on.id, ...offer }),
        await waitlistOfferWhatsApp(ctx.app, tx, { repId: w.off.id, ...offer }),
      ]);
      expect(queued).toEqual([1, 0]);
      await deliverOutbox(ctx);
      expect(graph.sent).toHaveLength(1);
      expect(graph.sent[0]).toMatchObject({ to: w.onNumber, name: 'repvisit_waitlist_offer' });
      expect(graph.sent[0]!.body).toEqual([
        'Ravi Sharma',
        'Dr. Mir Qasim',
        'Lake View Clinic, Srinagar',
        'Thursday, 05/03/2026 at 15:30',
        '12:00 (IST) on 02/03/2026',
        'http://localhost:5000/medrep-dashboard?waitlist=42',
      ]);
    });

    it('builds the expired waitlist offer with the waitlist link, for an opted-in rep only (decision 050)', async () => {
      const w = await world(ctx);
      const lapsed = {
        doctorName: 'Dr. Mir Qasim',
        clinicName: 'Lake View Clinic',
        clinicCity: 'Srinagar',
        date: '2026-03-05',
        startTime: '15:30',
        waitlistUrl: 'http://localhost:5000/medrep-dashboard?tab=appointments',
      };
      const queued = await ctx.app.db.transaction(async (tx) => [
        await waitlistOfferExpiredWhatsApp(ctx.app, tx, { repId: w.on.id, ...lapsed }),
        await waitlistOfferExpiredWhatsApp(ctx.app, tx, { repId: w.off.id, ...lapsed }),
      ]);
      expect(queued).toEqual([1, 0]);
      await deliverOutbox(ctx);
      expect(graph.sent.map((m) => [m.to, m.name])).toEqual([[w.onNumber, 'repvisit_waitlist_expired']]);
      expect(graph.sent[0]!.body).toEqual([
        'Ravi Sharma',
        'Dr. Mir Qasim',
        'Lake View Clinic, Srinagar',
        'Thursday, 05/03/2026 at 15:30',
        'http://localhost:5000/medrep-dashboard?tab=appointments',
      ]);
    });

    it('sends the waitlist offer when a rep cancels the full day an opted-in rep waits for', async () => {
      const w = await world(ctx);
      const full = await createDoctor(w.db, w.clinic.id, { name: 'Dr. Bhat', settings: { maxSlots: 1 } });
      const offCookie = await sessionCookie(ctx.app, 'medrep', w.off.id);
      const booked = await book(ctx, { cookie: offCookie, repId: w.off.id, doctorId: full.id, clinicId: w.clinic.id, date: '2026-03-05' });
      expect(booked.statusCode, booked.body).toBe(201);
      const join = await ctx.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { cookie: w.cookie },
        payload: { doctorId: full.id, clinicId: w.clinic.id, date: '2026-03-05' },
      });
      expect(join.statusCode, join.body).toBe(201);
      await deliverOutbox(ctx);
      graph.reset();

      const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${booked.json().appointment.id}`, headers: { cookie: offCookie } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await deliverOutbox(ctx);
      expect(graph.sent.map((m) => [m.to, m.name])).toEqual([[w.onNumber, 'repvisit_waitlist_offer']]);
      expect(graph.sent[0]!.body.slice(0, 4)).toEqual(['Ravi Sharma', 'Dr. Bhat', 'Lake View Clinic, Srinagar', 'Thursday, 05/03/2026']);
    });

    it('retries a 5xx and a 429 (after its Retry-After) and a throttling 400, then sends; a refused template fails at once', async () => {
      const w = await world(ctx);
      // The status alone decides the first two (a proxy's pages, no Graph error code); Meta's code the third.
      graph.fail(
        { status: 503, raw: '<html><body>Service Unavailable</body></html>' },
        { status: 429, headers: { 'Retry-After': '300' }, raw: 'Too Many Requests' },
        { status: 400, error: { message: '(#130429) Rate limit hit', code: 130429 } },
      );
      await book(ctx, { cookie: w.cookie, repId: w.on.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' });
      const row = async () => (await whatsappRowsOf(ctx, w.on))[0]!;
      await deliverOutbox(ctx);
      expect(await row()).toMatchObject({ status: 'retrying', attempts: 1, errorMessage: expect.stringContaining('WhatsApp 503') });
      ctx.clock.advance(31_000);
      await deliverOutbox(ctx);
      const throttled = await row();
      expect(throttled).toMatchObject({ status: 'retrying', attempts: 2, errorMessage: 'WhatsApp 429: Too Many Requests' });
      // Retry-After (5 min) outlasts the schedule's second wait (2 min).
      expect(throttled.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(300_000);
      ctx.clock.advance(150_000);
      await deliverOutbox(ctx);
      expect((await row()).attempts).toBe(2);
      ctx.clock.advance(151_000);
      await deliverOutbox(ctx);
      expect(await row()).toMatchObject({ status: 'retrying', attempts: 3, errorMessage: expect.stringContaining('130429') });
      ctx.clock.advance(10 * 60_000 + 1000);
      await deliverOutbox(ctx);
      expect(await row()).toMatchObject({ status: 'sent', attempts: 4, deliveryStatus: 'sent', errorMessage: null });
      expect(graph.requests).toHaveLength(4);
      expect(graph.sent).toHaveLength(1);

      graph.reset();
      graph.fail({
        status: 400,
        error: {
          message: '(#132001) Template name does not exist in the translation',
          code: 132001,
          details: 'template name (repvisit_booking_confirmation) does not exist in en',
        },
      });
      expect((await book(ctx, { cookie: w.cookie, repId: w.on.id, doctorId: w.doctor2.id, clinicId: w.clinic.id, date: '2026-03-05' })).statusCode).toBe(201);
      await deliverOutbox(ctx);
      const failed = (await whatsappRowsOf(ctx, w.on)).find((r) => r.status !== 'sent')!;
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 1,
        errorMessage:
          'WhatsApp 400: (#132001) Template name does not exist in the translation (template name (repvisit_booking_confirmation) does not exist in en)',
      });
    });

    it('after STOP the next booking sends nothing, and a message queued before the STOP is not sent', async () => {
      const w = await world(ctx);
      // Queued while still on, not yet delivered when the STOP arrives: the worker is held from before the booking, as
      // it would otherwise send the message at once (woken by the booking's notification on PostgreSQL).
      await ctx.app.outboxWorker.stop();
      try {
        await book(ctx, { cookie: w.cookie, repId: w.on.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' });
        const stop = await postWebhook(ctx.app, webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: w.onNumber, text: 'STOP' }] }));
        expect(stop.json()).toMatchObject({ stopped: 1 });
      } finally {
        ctx.app.outboxWorker.start();
      }
      await deliverOutbox(ctx);
      expect((await book(ctx, { cookie: w.cookie, repId: w.on.id, doctorId: w.doctor2.id, clinicId: w.clinic.id, date: '2026-03-05' })).statusCode).toBe(201);
      await deliverOutbox(ctx);
      expect(graph.requests).toEqual([]);
      const rows = await whatsappRowsOf(ctx, w.on);
      expect(rows).toEqual([expect.objectContaining({ status: 'failed', errorMessage: 'Not sent: WhatsApp messages were turned off for this number' })]);
      expect(ctx.mailbox.to(w.on.email)).toHaveLength(2);
    });
  },
  { env: whatsappEnv(graph) },
);
