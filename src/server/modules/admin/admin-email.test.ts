import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, medicalReps, pendingMedicalReps } from '../../db/schema';
import { createRep } from '../../test/factories';
import { deliverOutbox, describeEachDatabase } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { post, registerAndReadCode, repPayload } from '../auth/auth.test-support';
import { insertPending, insertReps, oneOfEachGroup, tagged } from './admin-email.test-support';
import { ADMIN_ENV, adminCookie, call, waitForJob } from './admin-test-support';

describeEachDatabase(
  'admin: bulk e-mails, re-registration e-mails, history and stats',
  (ctx) => {
    it('queues a bulk e-mail (202), sends each recipient a personalised copy in the background, and shows progress', async () => {
      const cookie = await adminCookie(ctx.app);
      const asha = await createRep(ctx.app.db, { fullName: 'Asha Verma' });
      const bilal = await createRep(ctx.app.db, { fullName: 'Bilal Mir' });
      const res = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: {
          recipientIds: [asha.id, bilal.id, 999_999],
          subject: 'Hello {{name}}',
          content: 'Dear {{name}},\n\nUse UPGRADE20.',
          templateType: 'subscription',
        },
      });
      expect(res.statusCode).toBe(202);
      const body = res.json();
      expect(body).toMatchObject({ sent: 0, queued: 2, message: '2 emails queued for sending' });
      const job = await waitForJob(ctx.app, cookie, body.jobId);
      expect(job).toMatchObject({ total: 2, sent: 2, failed: 0, done: true });

      const a = await ctx.mailbox.waitFor(asha.email);
      expect(a.subject).toBe('Hello Asha Verma');
      expect(a.text).toContain('Dear Asha Verma,');
      expect(a.text).not.toContain('{{name}}');
      const b = await ctx.mailbox.waitFor(bilal.email);
      expect(b.subject).toBe('Hello Bilal Mir');
      expect(b.html).toContain('Dear Bilal Mir,');

      const rows = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientId, asha.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        adminUser: 'Administrator', // the acting admin's name (decision 042): the single-password session's
        templateType: 'subscription',
        status: 'sent',
        recipientEmail: asha.email,
        recipientName: 'Asha Verma',
      });

      const logs = (await call(ctx.app, 'GET', '/api/admin/email-audit-logs', { cookie })).json().logs;
      expect(logs.find((l: { recipient_email: string }) => l.recipient_email === bilal.email)).toMatchObject({
        status: 'sent',
        recipient_name: 'Bilal Mir',
        subject: 'Hello Bilal Mir',
        error_message: null,
        template_type: 'subscription',
        email_service: 'smtp',
      });
      // Newest first: in the order the rows were written (docs/decisions/023).
      const ids = logs.map((l: { id: number }) => l.id);
      expect([...ids].sort((x, y) => y - x)).toEqual(ids);

      const stats = (await call(ctx.app, 'GET', '/api/admin/email-stats', { cookie })).json();
      expect(stats.overview.sent_emails).toBeGreaterThanOrEqual(2);
      const o = stats.overview;
      expect(o.total_emails).toBe(o.sent_emails + o.failed_emails + o.queued_emails + o.retrying_emails + o.replaced_emails);
      expect(stats.overview.last_24h).toBeGreaterThanOrEqual(2);
      expect(stats.templateStats.find((t: { template_type: string }) => t.template_type === 'subscription')).toEqual({
        template_type: 'subscription',
        sent_count: 2,
        count: 2,
      });
    });

    it('"Select All" sends to exactly the filtered set, read in batches: not the unticked, not other groups, not reps who register later', async () => {
      const cookie = await adminCookie(ctx.app);
      const tag = tagged();
      const others = await oneOfEachGroup(ctx, tag); // one free-trial rep among them
      const future = new Date(ctx.clock.now().getTime() + 30 * 86_400_000);
      const trial = { subscriptionStatus: 'free_trial', subscriptionExpiresAt: future, freeTrialUsedAt: ctx.clock.now() };
      // More than one batch of the send's walk (200 rows).
      const many = await insertReps(
        ctx,
        Array.from({ length: 203 }, (_, i) => ({ fullName: `Trial Many ${i} ${tag}`, ...trial })),
      );
      const unticked = [many[5]!, many[150]!];
      const subject = `Select ${tag} for {{name}}`;
      const res = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: {
          selection: { all: true, filter: { status: 'free-trial-active', q: tag }, except: unticked.map((r) => r.id) },
          subject,
          content: 'Dear {{name}}, your trial is running.',
          templateType: 'reminder',
        },
      });
      expect(res.statusCode, res.body).toBe(202);
      const expected = [...others.filter((r) => r.fullName === `Trial ${tag}`), ...many.filter((r) => !unticked.includes(r))];
      expect(res.json()).toMatchObject({ queued: expected.length, message: `${expected.length} emails queued for sending` });
      // Registered after the send was queued: not part of the selection the admin saw.
      const [late] = await insertReps(ctx, [{ fullName: `Trial Late ${tag}`, ...trial }]);

      const job = await waitForJob(ctx.app, cookie, res.json().jobId, 60_000);
      expect(job).toMatchObject({ total: expected.length, sent: expected.length, failed: 0, done: true });
      const got = ctx.mailbox.messages.filter((m) => m.subject.startsWith(`Select ${tag} for`));
      expect(got.map((m) => m.to[0]).sort()).toEqual(expected.map((r) => r.email.toLowerCase()).sort());
      const one = got.find((m) => m.to[0] === expected[0]!.email.toLowerCase())!;
      expect(one.subject).toBe(`Select ${tag} for ${expected[0]!.fullName}`);
      expect(got.some((m) => m.to[0] === late!.email.toLowerCase())).toBe(false);
    }, 120_000);

    it('a selection matching nobody queues nothing; ids and a selection together are refused', async () => {
      const cookie = await adminCookie(ctx.app);
      const message = { subject: 'S', content: 'C', templateType: 'custom' };
      const none = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { selection: { all: true, filter: { status: 'subscribed', q: tagged() } }, ...message },
      });
      expect(none.statusCode).toBe(202);
      expect(none.json()).toMatchObject({ queued: 0, message: '0 emails queued for sending' });
      expect(await waitForJob(ctx.app, cookie, none.json().jobId)).toMatchObject({ total: 0, sent: 0, done: true });
      const both = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { recipientIds: [1], selection: { all: true, filter: { status: 'all' } }, ...message },
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe('Send either recipientIds or a selection, not both');
      const neither = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', { cookie, body: message });
      expect(neither.json().message).toBe('Please select at least one medical representative');
      const badFilter = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { selection: { all: true, filter: { status: 'everyone' } }, ...message },
      });
      expect(badFilter.statusCode).toBe(400);
    });

    it('refuses a bulk e-mail without recipients or without subject and content, with the spec messages', async () => {
      const cookie = await adminCookie(ctx.app);
      const none = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { recipientIds: [], subject: 'S', content: 'C', templateType: 'custom' },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please select at least one medical representative');
      const blank = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { recipientIds: [1], subject: ' ', content: 'C', templateType: 'custom' },
      });
      expect(blank.json().message).toBe('Please provide both subject and email content');
      const badJob = await call(ctx.app, 'GET', '/api/admin/email-jobs/0e4b1c1e-0000-4000-8000-000000000000', { cookie });
      expect(badJob.statusCode).toBe(404);
    });

    it('records a failed delivery with its error in the history and the stats', async () => {
      const cookie = await adminCookie(ctx.app);
      const before = (await call(ctx.app, 'GET', '/api/admin/email-stats', { cookie })).json().overview;
      // An address with an impossible IP literal: the SMTP transport refuses it.
      const rep = await createRep(ctx.app.db, { fullName: 'Bad Address', email: `bad-${Date.now()}@[300.1.1.1]` });
      const res = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { recipientIds: [rep.id], subject: 'Hi {{name}}', content: 'Hello', templateType: 'custom' },
      });
      const job = await waitForJob(ctx.app, cookie, res.json().jobId);
      expect(job).toMatchObject({ total: 1, sent: 0, failed: 1, done: true });
      const after = (await call(ctx.app, 'GET', '/api/admin/email-stats', { cookie })).json().overview;
      expect(after.total_emails).toBe(before.total_emails + 1);
      expect(after.failed_emails).toBe(before.failed_emails + 1);
      const log = (await call(ctx.app, 'GET', '/api/admin/email-audit-logs', { cookie }))
        .json()
        .logs.find((l: { recipient_email: string }) => l.recipient_email === rep.email);
      expect(log.status).toBe('failed');
      expect(log.error_message).toBeTruthy();
    });

    it('sends pending reps a fresh code and link that complete the registration; other e-mails are skipped', async () => {
      const cookie = await adminCookie(ctx.app);
      const payload = repPayload({ fullName: 'Tariq Dar' });
      const firstCode = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
      const verified = await createRep(ctx.app.db);

      const res = await call(ctx.app, 'POST', '/api/admin/send-reregistration-emails', {
        cookie,
        body: { emails: [payload.email.toUpperCase(), verified.email, 'nobody@example.com'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ sent: 1, failed: 0, skipped: 2 });
      const mail = await ctx.mailbox.waitFor(payload.email, (m) => m.subject === 'Complete your RepVisit registration');
      expect(mail.text).toContain('Hello Tariq Dar,');
      const code = codeIn(mail);
      // The old code no longer works; the new one does.
      if (code !== firstCode) {
        const old = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: firstCode, type: 'medrep' });
        expect(old.statusCode).toBe(400);
      }
      expect(linkIn(mail, '/verify-email').searchParams.get('type')).toBe('medrep');
      const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' });
      expect(ok.statusCode).toBe(200);
      expect(await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, payload.email))).toHaveLength(1);

      await deliverOutbox(ctx);
      const log = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, payload.email));
      expect(log.find((l) => l.templateType === 'reregistration')).toMatchObject({ adminUser: 'Administrator', status: 'sent' });
    });

    it('sends to all pending reps with sendToAll, less the unticked ones, and asks for recipients otherwise', async () => {
      const cookie = await adminCookie(ctx.app);
      await ctx.app.db.delete(pendingMedicalReps);
      const p1 = repPayload();
      const p2 = repPayload();
      await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', p1);
      await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', p2);
      const res = await call(ctx.app, 'POST', '/api/admin/send-reregistration-emails', { cookie, body: { sendToAll: true } });
      expect(res.json()).toMatchObject({ sent: 2, failed: 0, skipped: 0 });
      await ctx.mailbox.waitFor(p1.email, (m) => m.subject === 'Complete your RepVisit registration');
      await ctx.mailbox.waitFor(p2.email, (m) => m.subject === 'Complete your RepVisit registration');

      // "Select all" with some unticked: every pending rep but those, walked a batch at a time; a typed address is
      // sent even when unticked, and one with no pending registration is skipped.
      await ctx.app.db.delete(pendingMedicalReps);
      const pending = await insertPending(
        ctx,
        Array.from({ length: 203 }, (_, i) => `Waiting Rep ${i}`),
      );
      const [a, b] = [pending[3]!, pending[201]!];
      const all = await call(ctx.app, 'POST', '/api/admin/send-reregistration-emails', {
        cookie,
        body: { sendToAll: true, except: [a.email, b.email.toUpperCase()], emails: [b.email, 'nobody@example.com'] },
      });
      expect(all.json()).toEqual({
        jobId: expect.any(String),
        sent: 202,
        failed: 0,
        skipped: 1,
        message: '202 re-registration emails queued for sending, 1 skipped (no pending registration)',
      });
      expect(await waitForJob(ctx.app, cookie, all.json().jobId, 60_000)).toMatchObject({ total: 202, sent: 202, failed: 0, done: true });
      const reached = new Set(
        ctx.mailbox.messages.filter((m) => m.subject === 'Complete your RepVisit registration' && m.text.includes('Waiting Rep')).map((m) => m.to[0]),
      );
      expect(reached.size).toBe(202);
      expect(reached.has(a.email.toLowerCase())).toBe(false);
      expect(reached.has(b.email.toLowerCase())).toBe(true);

      const none = await call(ctx.app, 'POST', '/api/admin/send-reregistration-emails', { cookie, body: { emails: [] } });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please select recipients or enter email addresses');
      const invalid = await call(ctx.app, 'POST', '/api/admin/send-reregistration-emails', { cookie, body: { emails: ['not-an-email'] } });
      expect(invalid.json().message).toBe('Please enter valid email addresses');
    }, 120_000);
  },
  ADMIN_ENV,
);
