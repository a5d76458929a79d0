import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { securityEvents } from '../db/schema';
import { eq } from 'drizzle-orm';
import { createTestDatabase, describeEachDatabase } from '../test/harness';
import { MATRIX, ORDER } from './access-table';
import { apiRoutes, buildWorld } from './security-fixtures';

// CSRF and response headers (OWASP ASVS V3.5, V14.4).

describeEachDatabase(
  'CSRF: a state-changing call from another origin is refused',
  (ctx) => {
    it('refuses every state-changing route with a foreign Origin, for every actor, before anything changes', async () => {
      const world = await buildWorld(ctx.app);
      const failures: string[] = [];
      for (const route of apiRoutes(ctx.app).filter((r) => !r.startsWith('GET '))) {
        const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
        const row = MATRIX[route]!;
        for (const actor of ORDER) {
          const { url, headers, ...rest } = row.request(world);
          for (const origin of ['https://evil.example', 'http://localhost:5000.evil.example', 'null', 'http://localhost:5001']) {
            const cookie = world.cookies[actor];
            const res = await ctx.app.inject({
              method,
              url: url ?? pattern,
              ...rest,
              headers: { ...(headers as object), origin, ...(cookie ? { cookie } : {}) },
            });
            if (res.statusCode !== 403 || res.json().message !== 'Cross-site request refused.')
              failures.push(`${route} as ${actor} from ${origin}: ${res.statusCode}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Nothing happened: rep A's appointment is still there, and the refusals are recorded.
      const mine = await ctx.app.inject({
        method: 'GET',
        url: '/api/rep-appointments',
        query: { repId: String(world.repA.id) },
        headers: { cookie: world.cookies.repA! },
      });
      expect(JSON.stringify(mine.json())).toContain(String(world.appointment.id));
      const events = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'csrf_origin_refused'));
      expect(events.length).toBeGreaterThan(100);
    }, 240_000);

    it("lets the app's own origin and calls without an Origin through", async () => {
      const world = await buildWorld(ctx.app);
      const own = await ctx.app.inject({
        method: 'PUT',
        url: '/api/clinic/preferences',
        headers: { origin: 'http://localhost:5000', cookie: world.cookies.clinicA! },
        payload: { emailNotifications: false, smsNotifications: false },
      });
      expect(own.statusCode).toBe(200);
      const none = await ctx.app.inject({
        method: 'PUT',
        url: '/api/clinic/preferences',
        headers: { cookie: world.cookies.clinicA! },
        payload: { emailNotifications: true, smsNotifications: false },
      });
      expect(none.statusCode).toBe(200);
      // Reads are not state-changing: a foreign Origin on a GET gets the answer the session allows.
      const read = await ctx.app.inject({
        method: 'GET',
        url: '/api/clinic/preferences',
        headers: { origin: 'https://evil.example', cookie: world.cookies.clinicA! },
      });
      expect(read.statusCode).toBe(200);
    });

    it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
      const world = await buildWorld(ctx.app);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: world.repA.email, password: 'Str0ng!Pass' } });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    });
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123' } },
);

describe('security headers on every kind of answer', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'rv-client-'));
  const apps: Record<'http' | 'https', FastifyInstance> = {} as never;
  const drops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>RepVisit</title><div id="root"></div>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    for (const [kind, url] of [
      ['http', 'http://localhost:5000'],
      ['https', 'https://repvisit.example'],
    ] as const) {
      const { database, drop } = await createTestDatabase('pglite');
      drops.push(drop);
      apps[kind] = await buildApp({ config: testConfig({ APP_URL: url }), database, clientDir });
      await apps[kind].ready();
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    for (const drop of drops) await drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const requests: Array<[string, InjectOptions]> = [
    ['an API answer', { method: 'GET', url: '/api/health' }],
    ['an API error', { method: 'GET', url: '/api/auth/me' }],
    ['an unknown API path', { method: 'POST', url: '/api/nope', payload: {} }],
    ['the SPA fallback', { method: 'GET', url: '/clinic-dashboard' }],
    ['the shell', { method: 'GET', url: '/' }],
    ['a static file', { method: 'GET', url: '/assets/app-abc123.js' }],
  ];

  function expectHeaders(res: LightMyRequestResponse, what: string) {
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, what).toContain("'self'");
    expect(scriptSrc, what).not.toContain("'unsafe-inline'");
    expect(scriptSrc, what).not.toContain("'unsafe-eval'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options'], what).toBeDefined();
    expect(res.headers['x-powered-by'], what).toBeUndefined();
  }

  it('sends CSP, nosniff, Referrer-Policy and no X-Powered-By, and HSTS only over https', async () => {
    for (const [what, req] of requests) {
      const http = await apps.http.inject(req);
      expectHeaders(http, `${what} (http)`);
      expect(http.headers['strict-transport-security'], what).toBeUndefined();
      const https = await apps.https.inject(req);
      expectHeaders(https, `${what} (https)`);
      expect(https.headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
    }
    expect((await apps.http.inject({ method: 'GET', url: '/clinic-dashboard' })).body).toContain('RepVisit');
    expect((await apps.http.inject({ method: 'GET', url: '/assets/app-abc123.js' })).body).toBe('console.log(1)');
  });

  it('marks the session cookie Secure over https', async () => {
    const res = await apps.https.inject({ method: 'POST', url: '/api/admin/authenticate', payload: { password: 'x' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // no admin password configured: nothing to sign in to
    const { createClinic } = await import('../test/factories');
    const clinic = await createClinic(apps.https.db);
    const login = await apps.https.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: 'Str0ng!Pass' } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });
});
