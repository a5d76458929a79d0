import { expect, it } from 'vitest';
import type { EmailLog, EmailRecipient, PendingRep } from '../../../shared/schemas/admin';
import { RECIPIENT_GROUPS, recipientKind, type RecipientKind } from '../../../shared/subscription/recipient-groups';
import { encodeCursor } from '../../db/keyset';
import { outbox, pendingMedicalReps } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { insertPending, insertReps, oneOfEachGroup, tagged } from './admin-email.test-support';
import { ADMIN_ENV, adminCookie, call } from './admin-test-support';

// The e-mail dashboard's lists, a page at a time (docs/decisions/022, 023): pages that neither overlap nor skip
// while rows are added, the filter and the search applied by the server, the limits and the cursor checked.

describeEachDatabase(
  'admin e-mail dashboard: the lists a page at a time',
  (ctx) => {
    const get = async <T>(url: string) => {
      const res = await call(ctx.app, 'GET', url, { cookie: await adminCookie(ctx.app) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    type RecipientsPage = { medicalReps: EmailRecipient[]; nextCursor: string | null; total?: { count: number; exact: boolean } };

    it('pages through the recipients newest first without overlap or gap while reps register in between', async () => {
      const tag = tagged();
      const first = await insertReps(
        ctx,
        Array.from({ length: 8 }, (_, i) => ({ fullName: `Page Rep ${i} ${tag}` })),
      );
      const url = (cursor?: string) => `/api/admin/medical-reps-with-subscription?limit=3&q=${tag}${cursor ? `&cursor=${cursor}` : ''}`;
      const seen: number[] = [];
      let page = await get<RecipientsPage>(url());
      expect(page.total).toEqual({ count: 8, exact: true });
      seen.push(...page.medicalReps.map((r) => r.id));
      // Two reps register after the first page: they are newer than every row already shown, so they belong before
      // the first page; the pages after it neither repeat a row nor miss one.
      const late = await insertReps(ctx, [{ fullName: `Late Rep A ${tag}` }, { fullName: `Late Rep B ${tag}` }]);
      let pages = 1;
      while (page.nextCursor) {
        page = await get<RecipientsPage>(url(page.nextCursor));
        expect(page.total, 'only the first page counts').toBeUndefined();
        expect(page.medicalReps.length).toBeLessThanOrEqual(3);
        seen.push(...page.medicalReps.map((r) => r.id));
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(first.map((r) => r.id).sort((a, b) => b - a));
      // Starting again shows the late ones first.
      const again = await get<RecipientsPage>(url());
      expect(again.total).toEqual({ count: 10, exact: true });
      expect(again.medicalReps.slice(0, 2).map((r) => r.id)).toEqual(late.map((r) => r.id).sort((a, b) => b - a));
    });

    it('filters by the five recipient groups and searches name or e-mail on the server; counts are the filter’s', async () => {
      const tag = tagged();
      const reps = await oneOfEachGroup(ctx, tag);
      const byName = (name: string) => reps.find((r) => r.fullName === `${name} ${tag}`)!.id;
      const expected: Record<RecipientKind, number[]> = {
        'free-trial-active': [byName('Trial')],
        subscribed: [byName('Paid')],
        'free-trial-not-activated': [byName('Fresh')],
        expired: [byName('Lapsed'), byName('LapsedTrial'), byName('NoExpiry')],
      };
      for (const group of RECIPIENT_GROUPS) {
        const page = await get<RecipientsPage>(`/api/admin/medical-reps-with-subscription?status=${group}&q=${tag}`);
        const want = group === 'all' ? reps.map((r) => r.id) : expected[group];
        expect(page.medicalReps.map((r) => r.id).sort(), group).toEqual([...want].sort());
        expect(page.total, group).toEqual({ count: want.length, exact: true });
        // The server's filter and the screens' badge rule agree row by row.
        if (group !== 'all') for (const r of page.medicalReps) expect(recipientKind(r), r.fullName).toBe(group);
      }
      // The search reads the e-mail too, ignores case, and takes % and _ literally.
      const lapsed = reps.find((r) => r.fullName === `Lapsed ${tag}`)!;
      const byEmail = await get<RecipientsPage>(`/api/admin/medical-reps-with-subscription?q=${encodeURIComponent(lapsed.email.toUpperCase())}`);
      expect(byEmail.medicalReps.map((r) => r.id)).toEqual([lapsed.id]);
      const wildcard = await get<RecipientsPage>(`/api/admin/medical-reps-with-subscription?q=${encodeURIComponent('%')}`);
      expect(wildcard.total).toEqual({ count: 0, exact: true });
    });

    it('refuses a limit above 200 or below 1, a filter it does not know and a cursor it did not make', async () => {
      const cookie = await adminCookie(ctx.app);
      for (const list of ['medical-reps-with-subscription', 'pending-medical-reps', 'email-audit-logs']) {
        for (const limit of ['201', '0', 'many']) {
          const res = await call(ctx.app, 'GET', `/api/admin/${list}?limit=${limit}`, { cookie });
          expect(res.statusCode, `${list} limit=${limit}`).toBe(400);
          expect(typeof res.json().message).toBe('string');
        }
        expect((await call(ctx.app, 'GET', `/api/admin/${list}?limit=200`, { cookie })).statusCode).toBe(200);
        for (const cursor of ['nonsense', encodeCursor(['2026-01-01', 4]), encodeCursor([1e12]), encodeCursor([-3]), encodeCursor([1.5])]) {
          const res = await call(ctx.app, 'GET', `/api/admin/${list}?cursor=${cursor}`, { cookie });
          expect(res.statusCode, `${list} cursor=${cursor}`).toBe(400);
          expect(res.json()).toEqual({ code: 'invalid_cursor', message: 'This page link is no longer valid. Please start again from the first page.' });
        }
      }
      const badFilter = await call(ctx.app, 'GET', '/api/admin/medical-reps-with-subscription?status=vip', { cookie });
      expect(badFilter.statusCode).toBe(400);
      expect(badFilter.json().message).toContain('Filter must be');
    });

    it('pages through the pending registrations, newest first, with their total', async () => {
      await ctx.app.db.delete(pendingMedicalReps);
      const now = ctx.clock.now();
      const made = await insertPending(ctx, ['Pending One', 'Pending Two', 'Pending Three', 'Pending Four', 'Pending Five']);
      type Page = { pendingReps: PendingRep[]; nextCursor: string | null; total?: { count: number } };
      const page1 = await get<Page>('/api/admin/pending-medical-reps?limit=2');
      expect(page1.total).toEqual({ count: 5, exact: true });
      await insertPending(ctx, ['Pending Six']);
      const page2 = await get<Page>(`/api/admin/pending-medical-reps?limit=2&cursor=${page1.nextCursor}`);
      const page3 = await get<Page>(`/api/admin/pending-medical-reps?limit=2&cursor=${page2.nextCursor}`);
      expect(page3.nextCursor).toBeNull();
      expect([...page1.pendingReps, ...page2.pendingReps, ...page3.pendingReps].map((p) => p.id)).toEqual(made.map((m) => m.id).reverse());
      expect(page1.pendingReps[0]).toMatchObject({ full_name: 'Pending Five', company: 'Cipla', state: 'Punjab' });
      expect(page1.pendingReps[0]!.token_expiry).toBe(new Date(now.getTime() + 15 * 60_000).toISOString());
    });

    it('pages through the delivery history, newest first, while e-mails are still being written', async () => {
      const tag = tagged();
      const write = (n: number) =>
        ctx.app.db
          .insert(outbox)
          .values(
            Array.from({ length: n }, (_, i) => ({
              channel: 'email',
              queuedAt: ctx.clock.now(),
              nextAttemptAt: ctx.clock.now(),
              deadlineAt: ctx.clock.now(),
              attempts: 1,
              sentAt: i % 2 ? null : ctx.clock.now(),
              recipientEmail: `h${i}.${tag}@example.com`,
              recipientName: `History ${i}`,
              subject: `History ${tag} ${i}`,
              templateType: 'custom',
              status: i % 2 ? 'failed' : 'sent',
              errorMessage: i % 2 ? 'mailbox unavailable' : null,
              emailService: 'smtp',
            })),
          )
          .returning({ id: outbox.id });
      const before = await write(5);
      type Page = { logs: EmailLog[]; nextCursor: string | null };
      const page1 = await get<Page>('/api/admin/email-audit-logs?limit=3');
      expect(page1.logs.map((l) => l.id)).toEqual(
        before
          .map((b) => b.id)
          .reverse()
          .slice(0, 3),
      );
      expect(page1.logs[1]).toMatchObject({ status: 'failed', error_message: 'mailbox unavailable', recipient_name: 'History 3', email_service: 'smtp' });
      await write(4);
      const page2 = await get<Page>(`/api/admin/email-audit-logs?limit=3&cursor=${page1.nextCursor}`);
      expect(page2.logs.map((l) => l.id)).toEqual(
        before
          .map((b) => b.id)
          .reverse()
          .slice(3),
      );
      expect(page2.nextCursor).toBeNull();
    });
  },
  ADMIN_ENV,
);
