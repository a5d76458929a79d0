import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { clinicUsers, medicalReps, outbox, whatsappConsents } from '../../db/schema';
import { deliverOutbox, describeEachDatabase, type TestContext } from '../../test/harness';
import { createClinic, createRep, sessionCookie } from '../../test/factories';
import { signWebhook, startWhatsAppStandIn, webhookBody } from '../../test/whatsapp-stand-in';
import { WHATSAPP_CONSENT_TEXT } from '../../../shared/whatsapp';
import { ADMIN_PASSWORD, adminCookie } from '../admin/admin-test-support';
import { PHONE_NUMBER_ID, postWebhook, VERIFY_TOKEN, WHATSAPP_TOKEN, whatsappEnv, whatsappNumber } from './whatsapp.test-support';

// WhatsApp consent (docs/decisions/044): the switch in each account's preferences, the consent records with the words
// shown, another number confirmed by a code sent to it on WhatsApp, STOP, the webhook and the admin's Messages
// history, against a local stand-in of the Graph API.

const graph = await startWhatsAppStandIn({ phoneNumberId: PHONE_NUMBER_ID, token: WHATSAPP_TOKEN });
afterAll(() => graph.stop());

const PREFS = { emailNotifications: true, pushNotifications: true, renewalReminders: true };

async function repWithSession(ctx: TestContext, o: Partial<typeof medicalReps.$inferInsert> = {}) {
  const rep = await createRep(ctx.app.db, o);
  return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
}

const putRepPrefs = (ctx: TestContext, cookie: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/medrep/notification-preferences', headers: { cookie }, payload: { ...PREFS, ...body } });

const requestCode = (ctx: TestContext, cookie: string, phone: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/whatsapp/number-code', headers: { cookie }, payload: { phone } });

const consentsOf = (ctx: TestContext, accountType: string, accountId: number) =>
  ctx.app.db
    .select()
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.accountType, accountType), eq(whatsappConsents.accountId, accountId)))
    .orderBy(asc(whatsappConsents.id));

/** The code the stand-in received for a number: the body's only parameter. */
async function codeSentTo(ctx: TestContext, number: string): Promise<string> {
  await deliverOutbox(ctx);
  const sent = graph.to(number).at(-1);
  expect(sent, `a code sent to ${number}`).toBeDefined();
  return sent!.body[0]!;
}

describeEachDatabase(
  'WhatsApp consent, codes, STOP and the webhook',
  (ctx) => {
    beforeEach(() => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      graph.reset(); // the stand-in serves each database's run in turn
    });

    it('turns WhatsApp on for the rep’s own phone only with the code sent to it, with the consent’s exact words, and off again with an opt-out', async () => {
      const { rep, cookie } = await repWithSession(ctx, { phone: '+919876501234' });
      const before = await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences', headers: { cookie } });
      expect(before.json()).toMatchObject({ whatsappNotifications: false, whatsappNumber: null, whatsappAvailable: true });

      // The phone given at registration was never proved to be the rep's: without the code, nothing changes
      // (docs/decisions/048), whether the number is named or implied.
      for (const body of [{ whatsappNotifications: true }, { whatsappNotifications: true, whatsappNumber: '+91 98765 01234' }]) {
        const refused = await putRepPrefs(ctx, cookie, body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('whatsapp_code_required');
      }
      expect(await consentsOf(ctx, 'rep', rep.id)).toEqual([]);
      await deliverOutbox(ctx);
      expect(graph.to('919876501234')).toHaveLength(0);

      expect((await requestCode(ctx, cookie, '+91 98765 01234')).statusCode).toBe(200);
      const code = await codeSentTo(ctx, '919876501234');
      const on = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: '+91 98765 01234', whatsappCode: code });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ ...PREFS, whatsappNotifications: true, whatsappNumber: '+91 98765 01234', whatsappAvailable: true });
      const [row] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      expect(row!.n).toBe('919876501234');
      expect(await consentsOf(ctx, 'rep', rep.id)).toEqual([
        expect.objectContaining({ action: 'opt_in', phone: '919876501234', wording: WHATSAPP_CONSENT_TEXT, source: 'settings' }),
      ]);

      // Saving the settings again (the screen sends what it shows, the number in display form) records nothing new.
      const again = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: '+91 98765 01234', emailNotifications: false });
      expect(again.json()).toMatchObject({ emailNotifications: false, whatsappNotifications: true });
      expect(await consentsOf(ctx, 'rep', rep.id)).toHaveLength(1);
      // Without the WhatsApp fields, WhatsApp stays as it is.
      expect((await putRepPrefs(ctx, cookie, {})).json()).toMatchObject({ whatsappNotifications: true });

      const off = await putRepPrefs(ctx, cookie, { whatsappNotifications: false });
      expect(off.json()).toMatchObject({ whatsappNotifications: false, whatsappNumber: null });
      expect((await consentsOf(ctx, 'rep', rep.id)).map((c) => [c.action, c.source, c.phone])).toEqual([
        ['opt_in', 'settings', '919876501234'],
        ['opt_out', 'settings', '919876501234'],
      ]);
    });

    it('confirms another number only with the code WhatsApp took to it: required, wrong, expired, too many tries, then right', async () => {
      const { rep, cookie } = await repWithSession(ctx);
      const other = whatsappNumber();
      const typed = `+${other.slice(0, 2)} ${other.slice(2, 7)} ${other.slice(7)}`;
      const noCode = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: typed });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json().code).toBe('whatsapp_code_required');
      const tooShort = await requestCode(ctx, cookie, '12345678');
      expect(tooShort.json()).toMatchObject({ code: 'whatsapp_number_invalid' });
      // An Indian number must be a mobile one (6 to 9 first) for WhatsApp.
      expect((await requestCode(ctx, cookie, '+91 12345 67890')).json().code).toBe('whatsapp_number_invalid');

      const sent = await requestCode(ctx, cookie, typed);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ whatsappNumber: typed, expiresInMinutes: 10 });
      const code = await codeSentTo(ctx, other);
      expect(code).toMatch(/^\d{6}$/);
      const message = graph.to(other).at(-1)!;
      expect(message).toMatchObject({ name: 'repvisit_number_code', language: 'en' });
      // The authentication template's copy-code button carries the code too.
      expect(message.json.template).toMatchObject({
        components: [{ type: 'body' }, { type: 'button', sub_type: 'url', index: '0', parameters: [{ text: code }] }],
      });
      // The code is never kept in the clear: the outbox drops the body once sent.
      const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.providerMessageId, message.id!));
      expect(row).toMatchObject({ channel: 'whatsapp', templateType: 'whatsapp_code', status: 'sent', body: null, recipientPhone: other });

      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: typed, whatsappCode: wrong });
      expect(bad.json().code).toBe('whatsapp_code_invalid');
      const ok = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: other, whatsappCode: code });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ whatsappNotifications: true, whatsappNumber: typed });
      expect(await consentsOf(ctx, 'rep', rep.id)).toEqual([expect.objectContaining({ action: 'opt_in', phone: other, wording: WHATSAPP_CONSENT_TEXT })]);

      // A used code is gone: moving to a third number needs a code of its own.
      const third = whatsappNumber();
      expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: third, whatsappCode: code })).json().code).toBe(
        'whatsapp_code_required',
      );
      // Expired after 10 minutes (a minute after the last code: one code a minute, docs/decisions/048).
      ctx.clock.advanceMinutes(1);
      await requestCode(ctx, cookie, third);
      const thirdCode = await codeSentTo(ctx, third);
      ctx.clock.advanceMinutes(11);
      expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: third, whatsappCode: thirdCode })).json().code).toBe(
        'whatsapp_code_expired',
      );
      // Five wrong guesses spend a code: the right one is refused after them.
      await requestCode(ctx, cookie, third);
      const fresh = await codeSentTo(ctx, third);
      const guess = fresh === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: third, whatsappCode: guess })).json().code).toBe(
          'whatsapp_code_invalid',
        );
      }
      expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: third, whatsappCode: fresh })).json().code).toBe(
        'too_many_attempts',
      );
      // Still on the confirmed number.
      const [stored] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      expect(stored!.n).toBe(other);
    });

    it('the clinic’s preferences take the same switch, for its contact number', async () => {
      const clinic = await createClinic(ctx.app.db, { contactNumber: '+919876512345' });
      const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      const get = await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences', headers: { cookie } });
      expect(get.json()).toEqual({
        emailNotifications: true,
        smsNotifications: false,
        whatsappNotifications: false,
        whatsappNumber: null,
        whatsappAvailable: true,
      });
      const putPrefs = (whatsapp: Record<string, unknown>) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/clinic/preferences',
          headers: { cookie },
          payload: { emailNotifications: true, smsNotifications: false, ...whatsapp },
        });
      // The contact number too is proved with a code before anything goes to it (docs/decisions/048).
      expect((await putPrefs({ whatsappNotifications: true })).json().code).toBe('whatsapp_code_required');
      expect((await requestCode(ctx, cookie, '+919876512345')).statusCode).toBe(200);
      const code = await codeSentTo(ctx, '919876512345');
      const on = await putPrefs({ whatsappNotifications: true, whatsappNumber: '+919876512345', whatsappCode: code });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ whatsappNotifications: true, whatsappNumber: '+91 98765 12345' });
      expect(await consentsOf(ctx, 'clinic', clinic.id)).toEqual([
        expect.objectContaining({ action: 'opt_in', phone: '919876512345', wording: WHATSAPP_CONSENT_TEXT, source: 'settings' }),
      ]);
    });

    it('answers Meta’s verification challenge only with our verify token', async () => {
      const url = (token: string) => `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
      const ok = await ctx.app.inject({ method: 'GET', url: url(VERIFY_TOKEN) });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toBe('1158201444');
      const wrong = await ctx.app.inject({ method: 'GET', url: url(`${VERIFY_TOKEN}x`) });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toHaveProperty('message');
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1` }))
          .statusCode,
      ).toBe(403);
    });

    it('records statuses signed by Meta onto the message, never backwards; a bad signature is 401; a replay changes nothing; the admin sees it', async () => {
      const { cookie } = await repWithSession(ctx);
      const number = whatsappNumber();
      await requestCode(ctx, cookie, number);
      await deliverOutbox(ctx);
      const wamid = graph.to(number).at(-1)!.id!;
      const body = (status: string, timestamp: number) => webhookBody({ phoneNumberId: PHONE_NUMBER_ID, statuses: [{ id: wamid, status, timestamp }] });
      const row = async () => (await ctx.app.db.select().from(outbox).where(eq(outbox.providerMessageId, wamid)))[0]!;
      expect(await row()).toMatchObject({ deliveryStatus: 'sent', status: 'sent' });

      const unsigned = await postWebhook(ctx.app, body('read', 1772426000), null);
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toEqual({ message: 'Invalid webhook signature', code: 'invalid_signature' });
      const forged = await postWebhook(ctx.app, body('read', 1772426000), `sha256=${'0'.repeat(64)}`);
      expect(forged.statusCode).toBe(401);
      // Signed over other bytes than those sent.
      const tampered = await postWebhook(ctx.app, body('read', 1772426000), signWebhook(body('read', 1), 'x'));
      expect(tampered.statusCode).toBe(401);
      expect((await row()).deliveryStatus).toBe('sent');

      const delivered = await postWebhook(ctx.app, body('delivered', 1772425900));
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toEqual({ received: true, statuses: 1, stopped: 0 });
      expect(await row()).toMatchObject({ deliveryStatus: 'delivered', deliveryStatusAt: new Date(1772425900 * 1000) });
      expect((await postWebhook(ctx.app, body('read', 1772426000))).json()).toMatchObject({ statuses: 1 });
      // Replayed, late or older reports change nothing.
      for (const [status, at] of [
        ['read', 1772426000],
        ['delivered', 1772425900],
        ['sent', 1772425800],
        ['failed', 1772426100],
      ] as const) {
        const res = await postWebhook(ctx.app, body(status, at));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ statuses: 0 });
      }
      expect(await row()).toMatchObject({ deliveryStatus: 'read', deliveryStatusAt: new Date(1772426000 * 1000), errorMessage: null });

      // A failure report of another message keeps WhatsApp's title for the history.
      const second = whatsappNumber();
      ctx.clock.advanceMinutes(1);
      await requestCode(ctx, cookie, second);
      await deliverOutbox(ctx);
      const failedId = graph.to(second).at(-1)!.id!;
      const failed = webhookBody({
        phoneNumberId: PHONE_NUMBER_ID,
        statuses: [{ id: failedId, status: 'failed', timestamp: 1772426200, errors: [{ code: 131026, title: 'Message undeliverable' }] }],
      });
      expect((await postWebhook(ctx.app, failed)).json()).toMatchObject({ statuses: 1 });
      // Another business number's statuses are not ours.
      const foreign = webhookBody({ phoneNumberId: '555', statuses: [{ id: failedId, status: 'read', timestamp: 1772426300 }] });
      expect((await postWebhook(ctx.app, foreign)).json()).toMatchObject({ statuses: 0 });

      const admin = await adminCookie(ctx.app);
      const list = async (q: string) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/admin/email-audit-logs?limit=200${q}`, headers: { cookie: admin } })).json();
      const whatsapp = await list('&channel=whatsapp');
      expect(whatsapp.logs.every((l: { channel: string }) => l.channel === 'whatsapp')).toBe(true);
      expect(whatsapp.logs.find((l: { recipient_phone: string }) => l.recipient_phone === number)).toMatchObject({
        channel: 'whatsapp',
        status: 'sent',
        delivery_status: 'read',
        delivery_status_at: new Date(1772426000 * 1000).toISOString(),
        template_type: 'whatsapp_code',
        subject: 'Code to confirm a WhatsApp number',
        retryable: false,
      });
      expect(whatsapp.logs.find((l: { recipient_phone: string }) => l.recipient_phone === second)).toMatchObject({
        delivery_status: 'failed',
        error_message: 'WhatsApp: Message undeliverable (131026)',
      });
      const emails = await list('&channel=email');
      expect(
        emails.logs.every(
          (l: { channel: string; recipient_phone: null; delivery_status: null }) =>
            l.channel === 'email' && l.recipient_phone === null && l.delivery_status === null,
        ),
      ).toBe(true);
      const all = await list('');
      expect(new Set(all.logs.map((l: { channel: string }) => l.channel))).toContain('whatsapp');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/email-audit-logs?channel=sms', headers: { cookie: admin } })).statusCode).toBe(400);
      const stats = (await ctx.app.inject({ method: 'GET', url: '/api/admin/email-stats', headers: { cookie: admin } })).json();
      expect(stats.byChannel.whatsapp).toMatchObject({ read: expect.any(Number), delivery_failed: expect.any(Number) });
      expect(stats.byChannel.whatsapp.read).toBeGreaterThanOrEqual(1);
      expect(stats.byChannel.whatsapp.delivery_failed).toBeGreaterThanOrEqual(1);
      expect(stats.byChannel.whatsapp.total).toBe(whatsapp.logs.length);
      expect(stats.byChannel.email.total).toBe(stats.overview.total_emails);
    });

    it('a STOP reply ends WhatsApp at once for every account with that number, with an opt-out each; a replay does nothing more', async () => {
      const number = whatsappNumber();
      const rep = await createRep(ctx.app.db, { whatsappNumber: number });
      const clinic = await createClinic(ctx.app.db, { whatsappNumber: number });
      const bystander = await createRep(ctx.app.db, { whatsappNumber: whatsappNumber() });
      const stop = webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: number, text: '  Stop ' }] });
      const res = await postWebhook(ctx.app, stop);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, statuses: 0, stopped: 2 });
      const [r] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      const [c] = await ctx.app.db.select({ n: clinicUsers.whatsappNumber }).from(clinicUsers).where(eq(clinicUsers.id, clinic.id));
      expect([r!.n, c!.n]).toEqual([null, null]);
      expect(await consentsOf(ctx, 'rep', rep.id)).toEqual([expect.objectContaining({ action: 'opt_out', source: 'stop_reply', phone: number })]);
      expect(await consentsOf(ctx, 'clinic', clinic.id)).toEqual([expect.objectContaining({ action: 'opt_out', source: 'stop_reply', phone: number })]);
      const [b] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, bystander.id));
      expect(b!.n).not.toBeNull();
      expect((await postWebhook(ctx.app, stop)).json()).toMatchObject({ stopped: 0 });
      expect(await consentsOf(ctx, 'rep', rep.id)).toHaveLength(1);
      // Any other text is no STOP; UNSUBSCRIBE is.
      const other = await createRep(ctx.app.db, { whatsappNumber: whatsappNumber() });
      await postWebhook(ctx.app, webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: other.whatsappNumber!, text: 'please stop by tomorrow' }] }));
      const [still] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, other.id));
      expect(still!.n).toBe(other.whatsappNumber);
      await postWebhook(ctx.app, webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: other.whatsappNumber!, text: 'unsubscribe' }] }));
      const [gone] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, other.id));
      expect(gone!.n).toBeNull();
    });

    it('after a STOP the number is proved again with a code before WhatsApp comes back on, the account’s own number too', async () => {
      const { rep, cookie } = await repWithSession(ctx, { phone: '+919876509876' });
      await requestCode(ctx, cookie, '+919876509876');
      const first = await codeSentTo(ctx, '919876509876');
      expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: '+919876509876', whatsappCode: first })).statusCode).toBe(200);
      await postWebhook(ctx.app, webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: '919876509876', text: 'STOP' }] }));

      for (const body of [{ whatsappNotifications: true }, { whatsappNotifications: true, whatsappNumber: '+919876509876' }]) {
        expect((await putRepPrefs(ctx, cookie, body)).json().code).toBe('whatsapp_code_required');
      }
      // The code used before the STOP is spent.
      expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: '+919876509876', whatsappCode: first })).json().code).toBe(
        'whatsapp_code_required',
      );
      const [stopped] = await ctx.app.db.select({ n: medicalReps.whatsappNumber }).from(medicalReps).where(eq(medicalReps.id, rep.id));
      expect(stopped!.n).toBeNull();

      ctx.clock.advanceMinutes(1);
      await requestCode(ctx, cookie, '+919876509876');
      const again = await codeSentTo(ctx, '919876509876');
      const on = await putRepPrefs(ctx, cookie, { whatsappNotifications: true, whatsappNumber: '+919876509876', whatsappCode: again });
      expect(on.json()).toMatchObject({ whatsappNotifications: true, whatsappNumber: '+91 98765 09876' });
      expect((await consentsOf(ctx, 'rep', rep.id)).map((c) => [c.action, c.source])).toEqual([
        ['opt_in', 'settings'],
        ['opt_out', 'stop_reply'],
        ['opt_in', 'settings'],
      ]);
    });

    it('limits code messages per account and per number in the database: a new sign-in starts no new budget', async () => {
      const { rep } = await repWithSession(ctx);
      // A fresh session for every request: the limits are the account's and the number's, not the session's.
      const freshCookie = () => sessionCookie(ctx.app, 'medrep', rep.id);
      const numbers = [whatsappNumber(), whatsappNumber(), whatsappNumber()];
      // Each code delivered before the next (no newer code replaces it): every one is a message paid for.
      const send = async (phone: string) => {
        const res = await requestCode(ctx, await freshCookie(), phone);
        await deliverOutbox(ctx);
        return res;
      };

      expect((await send(numbers[0]!)).statusCode).toBe(200);
      // One code a minute per account, whatever the number.
      const tooSoon = await send(numbers[1]!);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toEqual({ message: 'Please wait 60 seconds before requesting a new code.', code: 'rate_limited' });
      expect(tooSoon.headers['retry-after']).toBe('60');
      ctx.clock.advance(45_000);
      expect((await send(numbers[1]!)).headers['retry-after']).toBe('15');

      // Three codes to one number in 24 hours.
      ctx.clock.advance(15_000);
      expect((await send(numbers[0]!)).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      expect((await send(numbers[0]!)).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      const fourth = await send(numbers[0]!);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({
        message: 'Too many codes were sent to this number today. Please use the latest code we sent, or try again in 24 hours.',
        code: 'whatsapp_too_many_codes',
      });
      expect(Number(fourth.headers['retry-after'])).toBe(24 * 3600 - 180);

      // Five codes per account in 24 hours, whatever the numbers.
      expect((await send(numbers[1]!)).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      expect((await send(numbers[2]!)).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      const sixth = await send(whatsappNumber());
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'whatsapp_too_many_codes' });
      expect(sixth.json().message).toBe(
        'You have asked for the most WhatsApp codes allowed in a day. Please use the latest code we sent, or try again in 24 hours.',
      );
      expect(numbers.map((n) => graph.to(n).length)).toEqual([3, 1, 1]);

      // In Hindi, for a caller whose screen is in Hindi.
      const hindi = await ctx.app.inject({
        method: 'POST',
        url: '/api/whatsapp/number-code',
        headers: { cookie: await freshCookie(), 'accept-language': 'hi' },
        payload: { phone: whatsappNumber() },
      });
      expect(hindi.statusCode).toBe(429);
      expect(hindi.json().message).toMatch(/[\u0900-\u097F]/);

      // A day after the first code, the account may ask again; the number's budget frees as its codes age.
      ctx.clock.advanceDays(1);
      expect((await send(numbers[0]!)).statusCode).toBe(200);
    });

    it('three accounts together send a number no more than three codes a day', async () => {
      const victim = whatsappNumber();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { cookie } = await repWithSession(ctx);
        statuses.push((await requestCode(ctx, cookie, victim)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Several at once are counted one after another.
      const burst = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const { cookie } = await repWithSession(ctx);
          return (await requestCode(ctx, cookie, victim)).statusCode;
        }),
      );
      expect(burst.filter((s) => s === 200)).toHaveLength(0);
      const other = whatsappNumber();
      const parallel = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const { cookie } = await repWithSession(ctx);
          return (await requestCode(ctx, cookie, other)).statusCode;
        }),
      );
      expect(parallel.filter((s) => s === 200)).toHaveLength(3);
      await deliverOutbox(ctx);
      expect(graph.to(victim)).toHaveLength(3);
      expect(graph.to(other)).toHaveLength(3);
    });
  },
  { env: { ...whatsappEnv(graph), ADMIN_PASSWORD } },
);

describeEachDatabase('WhatsApp not configured', (ctx) => {
  it('says so in the preferences and refuses to turn it on or send a code (whatsapp_off)', async () => {
    const { cookie } = await repWithSession(ctx);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences', headers: { cookie } });
    expect(get.json()).toMatchObject({ whatsappNotifications: false, whatsappNumber: null, whatsappAvailable: false });
    const on = await putRepPrefs(ctx, cookie, { whatsappNotifications: true });
    expect(on.statusCode).toBe(409);
    expect(on.json()).toEqual({ message: 'WhatsApp messages are not available.', code: 'whatsapp_off' });
    expect((await requestCode(ctx, cookie, '+91 98765 43210')).json().code).toBe('whatsapp_off');
    // Turning off is always allowed.
    expect((await putRepPrefs(ctx, cookie, { whatsappNotifications: false })).statusCode).toBe(200);
    const hook = await postWebhook(ctx.app, webhookBody({ phoneNumberId: PHONE_NUMBER_ID, messages: [{ from: '919876543210', text: 'STOP' }] }));
    expect(hook.json().code).toBe('whatsapp_off');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' })).statusCode).toBe(403);
  });
});
