import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminAuditLog, securityEvents } from '../../db/schema';
import { runNightlyPurge } from '../../jobs/nightly-purge.job';
import { ADMIN_ENV, adminCookie, call } from '../../modules/admin/admin-test-support';
import { LIMITS } from '../../modules/auth/auth.limits';
import { describeEachDatabase } from '../harness';

// Security events stay bounded (docs/decisions/049-security-events-bounded.md): what anyone can repeat without limit
// (a foreign Origin, a 429) is one row per kind, address and minute with a count; no event stores kilobytes; the
// nightly purge keeps them RETENTION_DAYS. And the audit trail's purge flag opens only rows past 400 days.

const DAY_MS = 86_400_000;

describeEachDatabase(
  'security events: bounded by address, size and age',
  (ctx) => {
    const eventsOf = (type: string) => ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, type)).orderBy(securityEvents.id);
    const crossOrigin = (ip: string, origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/login?${'x'.repeat(10)}`,
        remoteAddress: ip,
        headers: { origin, 'user-agent': 'U'.repeat(3000), 'content-type': 'application/json' },
        payload: { email: 'a@example.com', password: 'x' },
      });

    it('counts 200 refused cross-origin requests from one address in a minute in one small row', async () => {
      const origin = `http://evil.example/${'o'.repeat(7000)}`;
      for (let i = 0; i < 200; i++) expect((await crossOrigin('198.51.100.7', origin)).statusCode).toBe(403);
      // Another address is its own row; the next minute too.
      await crossOrigin('198.51.100.8', origin);
      ctx.clock.advanceMinutes(1);
      await crossOrigin('198.51.100.7', origin);

      const rows = await eventsOf('csrf_origin_refused');
      expect(rows.map((r) => [r.ipAddress, r.count])).toEqual([
        ['198.51.100.7', 200],
        ['198.51.100.8', 1],
        ['198.51.100.7', 1],
      ]);
      const [{ bytes }] = (await ctx.app.db
        .select({ bytes: sql<number>`max(pg_column_size(${securityEvents}.*))`.mapWith(Number) })
        .from(securityEvents)
        .where(eq(securityEvents.eventType, 'csrf_origin_refused'))) as [{ bytes: number }];
      expect(bytes).toBeLessThan(2048);
      const details = rows[0]!.details as { origin: string };
      expect(details.origin.startsWith('http://evil.example/ooo')).toBe(true);
      expect(details.origin.length).toBeLessThanOrEqual(201);
    });

    it('counts the 429s of one address in a minute in one row, and the Security tab counts each of them', async () => {
      const ip = '198.51.100.20';
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.resend.ip.max + 30; i++) {
        const res = await call(ctx.app, 'POST', '/api/resend-verification', { ip, body: { email: `nobody-${i}@example.com`, type: 'medrep' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const rows = (await eventsOf('rate_limited')).filter((r) => r.ipAddress === ip);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ count: 30, blocked: true, threatLevel: 'medium' });

      const body = (await call(ctx.app, 'GET', '/api/admin/security-events?type=rate_limited', { cookie: await adminCookie(ctx.app) })).json();
      expect(body.events).toEqual([expect.objectContaining({ eventType: 'rate_limited', ipAddress: ip, count: 30 })]);
      expect(body.counts.last24h.byType).toContainEqual({ type: 'rate_limited', count: 30 });
      expect(body.counts.last24h.byLevel.medium).toBeGreaterThanOrEqual(30);
      expect(body.counts.last30d.byType).toContainEqual({ type: 'rate_limited', count: 30 });
      const refused = body.counts.last30d.byType.find((t: { type: string }) => t.type === 'csrf_origin_refused');
      expect(refused).toEqual({ type: 'csrf_origin_refused', count: 202 });
    });

    it('the nightly purge deletes security events older than RETENTION_DAYS and keeps the rest', async () => {
      const now = ctx.clock.now();
      const days = ctx.app.config.RETENTION_DAYS;
      await ctx.app.db.insert(securityEvents).values([
        { eventType: 'purge_probe_old', timestamp: new Date(now.getTime() - (days + 1) * DAY_MS) },
        { eventType: 'purge_probe_kept', timestamp: new Date(now.getTime() - (days - 1) * DAY_MS) },
      ]);
      const outcome = await runNightlyPurge({ app: ctx.app, now });
      expect(outcome.status).toBe('succeeded');
      expect(outcome.counts).toMatchObject({ securityEvents: 1 });
      expect(await eventsOf('purge_probe_old')).toHaveLength(0);
      expect(await eventsOf('purge_probe_kept')).toHaveLength(1);
    });

    it("refuses a delete of an audit row younger than 400 days even in a transaction that set the purge's flag", async () => {
      const dbNow = Date.now();
      await ctx.app.db.insert(adminAuditLog).values([
        { adminId: 1, adminName: 'today', action: 'sign_in', at: new Date(dbNow) },
        { adminId: 1, adminName: 'a year ago', action: 'sign_in', at: new Date(dbNow - 399 * DAY_MS) },
        { adminId: 1, adminName: 'long ago', action: 'sign_in', at: new Date(dbNow - 402 * DAY_MS) },
      ]);
      for (const name of ['today', 'a year ago']) {
        await expect(
          ctx.app.db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('repvisit.audit_purge', 'on', true)`);
            await tx.delete(adminAuditLog).where(eq(adminAuditLog.adminName, name));
          }),
        ).rejects.toThrow();
      }
      await ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('repvisit.audit_purge', 'on', true)`);
        await tx.delete(adminAuditLog).where(eq(adminAuditLog.adminName, 'long ago'));
      });
      const names = (await ctx.app.db.select({ n: adminAuditLog.adminName }).from(adminAuditLog)).map((r) => r.n);
      expect(names).toEqual(expect.arrayContaining(['today', 'a year ago']));
      expect(names).not.toContain('long ago');
    });
  },
  ADMIN_ENV,
);
