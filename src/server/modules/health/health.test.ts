import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createTestDatabase, describeEachDatabase } from '../../test/harness';

describeEachDatabase('health and unknown paths', (ctx) => {
  it('answers healthy when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'healthy' });
  });

  it('answers 503 with the message and code of an unavailable service when the database does not answer', async () => {
    const ping = vi.spyOn(ctx.app.database, 'ping').mockResolvedValue(false);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'critical',
        database: ctx.kind,
        notReady: ['database'],
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      });
    } finally {
      ping.mockRestore();
    }
  });

  it('answers liveness 200 { status: ok } without asking the database', async () => {
    const ping = vi.spyOn(ctx.app.database, 'ping').mockResolvedValue(false);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(ping).not.toHaveBeenCalled();
    } finally {
      ping.mockRestore();
    }
  });

  it('is not ready while the outbox worker is stopped', async () => {
    await ctx.app.outboxWorker.stop();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'critical', database: ctx.kind, notReady: ['outbox'], code: 'service_unavailable' });
    } finally {
      ctx.app.outboxWorker.start();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready while the newest migration of this build is not applied', async () => {
    const created = await createTestDatabase(ctx.kind);
    const app = await buildApp({ config: testConfig(), database: created.database });
    try {
      // As if this build were newer than the database: its newest migration not recorded.
      await created.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'critical', notReady: ['migrations'], code: 'service_unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await created.drop();
    }
  });

  it('answers 503 draining once the stop begins, liveness still 200', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, clock: ctx.clock });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      app.drain.start();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toEqual({
        status: 'draining',
        database: ctx.kind,
        notReady: [],
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('keeps serving a quiet drain for DRAIN_MIN_MS, so a balancer sees the 503 before the port closes', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, clock: ctx.clock });
    try {
      app.drain.start();
      const started = Date.now();
      expect(await app.drain.settled(5_000, 400)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      // Still answering meanwhile, and without a minimum a quiet drain is over at once.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      const again = Date.now();
      expect(await app.drain.settled(5_000)).toBe(true);
      expect(Date.now() - again).toBeLessThan(200);
    } finally {
      await app.close();
    }
  });

  it('answers an unknown /api path with a JSON 404 and a message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/No such endpoint/);
  });

  it("sends an API answer's security headers and no X-Powered-By", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A page's Referrer-Policy governs a document's links; an API answer is none (docs/decisions/078).
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/anything', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused.');
  });

  it("answers a body that is not JSON with one of the app's error codes, not Fastify's", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });
});
