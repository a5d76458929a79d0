import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../../../bench/processes';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { outbox } from '../db/schema';
import { runJob } from '../jobs/job-runner';
import { backupFileName } from '../ops/backup';
import { MATRIX } from '../test/cross-cutting/access-table';
import { buildWorld } from '../test/cross-cutting/security-fixtures';
import { describeEachDatabase } from '../test/harness';

// GET /metrics for Prometheus (docs/decisions/059-metrics-and-health.md): off unless configured, the token checked,
// the named families present, and requests labelled by their route's template, never the path as sent.

const TOKEN = 'metrics-test-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The sample of `family` with exactly these labels (in the order prom-client writes them), or undefined. */
function sample(text: string, family: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${family}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describeEachDatabase('metrics: off by default', (ctx) => {
  it('answers /metrics 404 like any unknown path, and keeps no registry', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(404);
    expect(ctx.app.metrics).toBeNull();
  });
});

describeEachDatabase(
  'metrics: with METRICS_TOKEN',
  (ctx) => {
    const scrape = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('answers 401 with a message and a stable code without the token, or with another', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer not-the-token-at-all' },
        { authorization: `Basic ${TOKEN}` },
        { authorization: `Bearer ${TOKEN}x` },
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toEqual({
          message: "The metrics need the operator's token: send Authorization: Bearer followed by METRICS_TOKEN.",
          code: 'metrics_token_required',
        });
      }
    });

    it('answers the Prometheus text format with every named family', async () => {
      await ctx.app.inject({ method: 'GET', url: '/api/available-states' });
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = [
        'repvisit_http_requests_total',
        'repvisit_http_request_duration_seconds',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'process_resident_memory_bytes',
        'repvisit_db_unavailable_total',
        'repvisit_cache_hits_total',
        'repvisit_cache_misses_total',
        'repvisit_cache_entries',
        'repvisit_cache_bytes',
        'repvisit_outbox_messages',
        'repvisit_outbox_oldest_queued_age_seconds',
        'repvisit_job_runs_total',
        'repvisit_job_failures_total',
        'repvisit_bookings_total',
        'repvisit_cancellations_total',
        'repvisit_sign_in_failures_total',
      ];
      for (const family of families) expect(res.body, family).toContain(`# TYPE ${family} `);
      // The pool's gauges on PostgreSQL; PGlite has no pool.
      for (const family of ['repvisit_db_pool_total_clients', 'repvisit_db_pool_idle_clients', 'repvisit_db_pool_waiting_clients']) {
        if (ctx.kind === 'postgres') expect(sample(res.body, family), family).toBeGreaterThanOrEqual(0);
        else expect(res.body).not.toContain(family);
      }
    });

    it('labels a request by its route template, and every unknown path with one label', async () => {
      await ctx.app.inject({ method: 'DELETE', url: '/api/appointments/987654' });
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-4711' });
      await ctx.app.inject({ method: 'GET', url: '/wp-login.php' });
      const text = await scrape();
      expect(sample(text, 'repvisit_http_requests_total', 'method="DELETE",route="/api/appointments/:id",status="401"')).toBe(1);
      expect(sample(text, 'repvisit_http_request_duration_seconds_count', 'method="DELETE",route="/api/appointments/:id",status="401"')).toBe(1);
      expect(sample(text, 'repvisit_http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(2);
      expect(text).not.toContain('987654');
      expect(text).not.toContain('no-such-thing');
      expect(text).not.toContain('wp-login');
    });

    it("counts each read cache's hits, misses and size", async () => {
      // The sessions cache: every signed-in request reads through it.
      const world = await buildWorld(ctx.app);
      const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: world.cookies.repA! } });
      expect((await me()).statusCode).toBe(200);
      const read = (text: string, family: string) => sample(text, family, 'cache="sessions"') ?? 0;
      const before = await scrape();
      await me();
      await me();
      const after = await scrape();
      expect(read(after, 'repvisit_cache_hits_total') - read(before, 'repvisit_cache_hits_total')).toBe(2);
      expect(read(after, 'repvisit_cache_misses_total')).toBeGreaterThanOrEqual(1);
      expect(read(after, 'repvisit_cache_entries')).toBeGreaterThanOrEqual(1);
    });

    it('counts bookings, cancellations and sign-in failures', async () => {
      const world = await buildWorld(ctx.app);
      const book = MATRIX['POST /api/book-appointment']!.request(world);
      const booked = await ctx.app.inject({ method: 'POST', url: '/api/book-appointment', ...book, headers: { cookie: world.cookies.repA! } });
      expect(booked.statusCode).toBe(201);
      const cancelled = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${world.appointment.id}`, headers: { cookie: world.cookies.repA! } });
      expect(cancelled.statusCode).toBe(200);
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: world.repA.email, password: 'wrong-Password1!' } });
      expect(refused.statusCode).toBe(401);
      const text = await scrape();
      expect(sample(text, 'repvisit_bookings_total')).toBe(1);
      expect(sample(text, 'repvisit_cancellations_total', 'by="rep"')).toBe(1);
      expect(sample(text, 'repvisit_sign_in_failures_total', 'account="medrep"')).toBe(1);
    });

    it("reads the outbox's backlog by channel and status, and the oldest waiting message's age", async () => {
      const now = ctx.clock.now();
      const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
      const later = new Date(now.getTime() + 3_600_000);
      const row = (status: string, queuedAt: Date) => ({
        channel: 'whatsapp',
        templateType: 'metrics_test',
        recipientEmail: 'metrics@example.com',
        subject: 'metrics test',
        status,
        queuedAt,
        nextAttemptAt: later,
        deadlineAt: later,
      });
      await ctx.app.db
        .insert(outbox)
        .values([row('retrying', minutesAgo(5)), row('queued', minutesAgo(2)), row('failed', minutesAgo(30)), row('failed', minutesAgo(60 * 24 * 8))]);
      const text = await scrape();
      expect(sample(text, 'repvisit_outbox_messages', 'channel="whatsapp",status="queued"')).toBe(1);
      expect(sample(text, 'repvisit_outbox_messages', 'channel="whatsapp",status="retrying"')).toBe(1);
      // Failed among those queued in the last 7 days.
      expect(sample(text, 'repvisit_outbox_messages', 'channel="whatsapp",status="failed"')).toBe(1);
      expect(sample(text, 'repvisit_outbox_oldest_queued_age_seconds', 'channel="whatsapp"')).toBe(300);
    });

    it('counts job runs and failures by job', async () => {
      const now = ctx.clock.now();
      await runJob({ app: ctx.app, name: 'visit-close', now, prepare: async () => 0 });
      await runJob({
        app: ctx.app,
        name: 'waitlist-sweep',
        now,
        prepare: async () => {
          throw new Error('metrics test failure');
        },
      });
      const text = await scrape();
      expect(sample(text, 'repvisit_job_runs_total', 'job="visit-close",outcome="succeeded"')).toBe(1);
      expect(sample(text, 'repvisit_job_runs_total', 'job="waitlist-sweep",outcome="failed"')).toBe(1);
      expect(sample(text, 'repvisit_job_failures_total', 'job="waitlist-sweep"')).toBe(1);
    });

    it("counts the database's 503 answers by kind", async () => {
      const app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database: ctx.database, clock: ctx.clock });
      try {
        const codes: Record<string, string> = { timeout: '57014', refused: 'ECONNREFUSED', full: '53300' };
        app.get('/api/metrics-test/:what', async (request) => {
          throw Object.assign(new Error('database away'), { code: codes[(request.params as { what: string }).what] });
        });
        for (const what of ['timeout', 'timeout', 'refused', 'full'])
          expect((await app.inject({ method: 'GET', url: `/api/metrics-test/${what}` })).statusCode).toBe(503);
        const text = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;
        expect(sample(text, 'repvisit_db_unavailable_total', 'kind="statement_timeout"')).toBe(2);
        expect(sample(text, 'repvisit_db_unavailable_total', 'kind="connection"')).toBe(1);
        expect(sample(text, 'repvisit_db_unavailable_total', 'kind="overloaded"')).toBe(1);
      } finally {
        await app.close();
      }
    });

    it('on the embedded database, tells when the newest backup was written (the backup-age alert reads it)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rv-metrics-backups-'));
      const app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN, BACKUP_DIR: dir }), database: ctx.database, clock: ctx.clock });
      try {
        const read = async () =>
          sample((await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body, 'repvisit_backup_last_success_timestamp_seconds');
        if (ctx.kind === 'postgres') {
          // PostgreSQL is backed up with its own tools (decision 060): no such family.
          expect(await read()).toBeUndefined();
          return;
        }
        // No backup yet: 0, so the backup-age alert fires as for a very old one.
        expect(await read()).toBe(0);
        const older = new Date('2026-03-01T20:30:00Z');
        const newer = new Date('2026-03-02T20:30:00Z');
        for (const at of [older, newer]) writeFileSync(join(dir, backupFileName(at)), 'x');
        expect(await read()).toBe(newer.getTime() / 1000);
      } finally {
        await app.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

describeEachDatabase('metrics: with METRICS_PORT', (ctx) => {
  it('serves /metrics on 127.0.0.1 on its own port without a token, and not on the app', async () => {
    const port = await freePort();
    const app = await buildApp({ config: testConfig({ METRICS_PORT: String(port) }), database: ctx.database, clock: ctx.clock });
    try {
      await app.ready();
      await app.inject({ method: 'GET', url: '/api/available-states' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'repvisit_http_requests_total', 'method="GET",route="/api/available-states",status="200"')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // Without METRICS_TOKEN the app's own port has no /metrics.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
