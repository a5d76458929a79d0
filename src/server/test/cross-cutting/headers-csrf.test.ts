import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { securityEvents } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { createTestDatabase, deliverOutbox, describeEachDatabase } from '../harness';
import { MATRIX, ORDER } from './access-table';
import { apiRoutes, buildWorld } from './security-fixtures';

// CSRF and response headers (OWASP ASVS V3.5, V14.4).

/** Sends one raw HTTP/1.1 request (its head as lines, no body) and answers everything the server wrote back. */
function rawHttp(port: number, head: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

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
      // One row per address and minute, counting each refusal (docs/decisions/049-security-events-bounded.md).
      const events = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'csrf_origin_refused'));
      expect(events.reduce((n, e) => n + e.count, 0)).toBeGreaterThan(100);
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

    // The router serves percent-encoded spellings of a path (RFC 3986 2.3: %61 is "a") with the same handler; the
    // checks must judge the route the router chose, not the bytes of the path (docs/decisions/029).
    it('refuses a foreign Origin on encoded spellings of a path the router serves as the same route', async () => {
      const world = await buildWorld(ctx.app);
      const evil = { origin: 'http://evil.example' };
      const calls: Array<[string, string]> = [
        ['/%61pi/medrep/calendar-feed', world.cookies.repA!],
        ['/api/medrep/%63alendar-feed', world.cookies.repA!],
        ['/%61%70%69/account/delete/request', world.cookies.repA!],
        ['/%61pi/admin/restart-server', world.cookies.admin!],
      ];
      // Each from its own address: refusals from one address in a minute are one counted row (docs/decisions/049).
      for (const [i, [url, cookie]] of calls.entries()) {
        const res = await ctx.app.inject({ method: 'POST', url, remoteAddress: `192.0.2.${i + 1}`, headers: { ...evil, cookie } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Cross-site request refused.', code: 'forbidden' });
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      // Nothing happened: no feed, no deletion code e-mailed, no restart (the next one is accepted, not 429).
      const feed = await ctx.app.inject({ method: 'GET', url: '/api/medrep/calendar-feed', headers: { cookie: world.cookies.repA! } });
      expect(feed.json()).toMatchObject({ active: false });
      await deliverOutbox(ctx);
      expect(ctx.mailbox.to(world.repA.email)).toEqual([]);
      const refused = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'csrf_origin_refused'));
      // Recorded under the path the router served, not the spelling that tried to slip past.
      expect(refused.map((e) => e.requestPath)).toEqual(
        expect.arrayContaining(['/api/medrep/calendar-feed', '/api/account/delete/request', '/api/admin/restart-server']),
      );
      expect(refused.map((e) => e.requestPath).filter((p) => p?.includes('%'))).toEqual([]);
      const restart = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/restart-server',
        headers: { origin: 'http://localhost:5000', cookie: world.cookies.admin! },
      });
      expect(restart.statusCode, restart.body).toBe(202);
    });

    it('refuses a foreign Origin on an absolute-form request line (POST http://host/api/...) too', async () => {
      const world = await buildWorld(ctx.app);
      // app.inject rewrites an absolute URL to its path, so this one goes over a real socket as a browser's proxy
      // would send it (the app listens until the suite closes it).
      const { port } = new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
      const answer = await rawHttp(Number(port), [
        'POST http://localhost:5000/api/medrep/calendar-feed HTTP/1.1',
        'Host: localhost:5000',
        'Origin: http://evil.example',
        `Cookie: ${world.cookies.repB!}`,
        'Content-Length: 0',
        'Connection: close',
      ]);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
      const feed = await ctx.app.inject({ method: 'GET', url: '/api/medrep/calendar-feed', headers: { cookie: world.cookies.repB! } });
      expect(feed.json()).toMatchObject({ active: false });
    });

    it('lets same-origin calls through on any spelling, and refuses non-JSON bodies on encoded paths (415)', async () => {
      const world = await buildWorld(ctx.app);
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/%61pi/medrep/calendar-feed',
        headers: { origin: 'http://localhost:5000', cookie: world.cookies.repA! },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().url).toMatch(/\/api\/calendar\/.+\.ics$/);
      const form = await ctx.app.inject({
        method: 'PUT',
        url: '/%61pi/clinic/preferences',
        headers: { cookie: world.cookies.clinicA!, 'content-type': 'text/plain' },
        payload: JSON.stringify({ emailNotifications: false, smsNotifications: false }),
      });
      expect(form.statusCode, form.body).toBe(415);
      expect(form.json().code).toBe('unsupported_media_type');
      // An unknown path under an encoded /api is the API's JSON 404, not the app shell.
      const unknown = await ctx.app.inject({ method: 'GET', url: '/%61pi/nope' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('not_found');
    });

    it('marks every API answer Cache-Control: no-store, signed in or not, the private calendar feed too', async () => {
      const world = await buildWorld(ctx.app);
      const rep = { cookie: world.cookies.repA! };
      const feed = await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: rep });
      const answers: Array<[string, InjectOptions]> = [
        ['the session answer', { method: 'GET', url: '/api/auth/me', headers: rep }],
        ['a signed-in read', { method: 'GET', url: '/api/clinic/preferences', headers: { cookie: world.cookies.clinicA! } }],
        ['a signed-in read, encoded path', { method: 'GET', url: '/%61pi/auth/me', headers: rep }],
        ['a signed-in write', { method: 'PUT', url: '/api/medrep/notification-preferences', headers: rep, payload: {} }],
        ['a refused call', { method: 'GET', url: '/api/auth/me' }],
        ['a public read', { method: 'GET', url: '/api/health' }],
        ['an unknown API path', { method: 'GET', url: '/api/nope', headers: rep }],
        ['the calendar feed', { method: 'GET', url: new URL(feed.json().url).pathname }],
        ['a wrong calendar feed', { method: 'GET', url: '/api/calendar/nope.ics' }],
      ];
      for (const [what, req] of answers) {
        const res = await ctx.app.inject(req);
        expect(String(res.headers['cache-control']), `${what}: ${res.statusCode}`).toMatch(/(^|[ ,])no-store($|,)/);
      }
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

  const pages: Array<[string, InjectOptions]> = [
    ['the SPA fallback', { method: 'GET', url: '/clinic-dashboard' }],
    ['the shell', { method: 'GET', url: '/' }],
    ['a static file', { method: 'GET', url: '/assets/app-abc123.js' }],
  ];
  const apiAnswers: Array<[string, InjectOptions]> = [
    ['an API answer', { method: 'GET', url: '/api/health' }],
    ['an API error', { method: 'GET', url: '/api/auth/me' }],
    ['an unknown API path', { method: 'POST', url: '/api/nope', payload: {} }],
    ['an API path, encoded', { method: 'GET', url: '/%61pi/health' }],
  ];
  /** A page's policies for what a document does, which no document made of an API answer needs (decision 078). */
  const PAGE_ONLY = [
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  function expectPageHeaders(res: LightMyRequestResponse, what: string) {
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

  function expectApiHeaders(res: LightMyRequestResponse, what: string) {
    // Read as data only: never sniffed into a page, nothing loaded or framed if opened as one, not pulled in by another origin.
    expect(res.headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    expect(res.headers['cache-control'], what).toBe('no-store');
    for (const name of [...PAGE_ONLY, 'x-powered-by']) expect(res.headers[name], `${what}: ${name}`).toBeUndefined();
  }

  it('sends pages CSP, nosniff, Referrer-Policy and no X-Powered-By, and HSTS only over https', async () => {
    for (const [what, req] of pages) {
      const http = await apps.http.inject(req);
      expectPageHeaders(http, `${what} (http)`);
      expect(http.headers['strict-transport-security'], what).toBeUndefined();
      const https = await apps.https.inject(req);
      expectPageHeaders(https, `${what} (https)`);
      expect(https.headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
    }
    expect((await apps.http.inject({ method: 'GET', url: '/clinic-dashboard' })).body).toContain('RepVisit');
    expect((await apps.http.inject({ method: 'GET', url: '/assets/app-abc123.js' })).body).toBe('console.log(1)');
  });

  it("sends an API answer only the API's headers, and HSTS only over https", async () => {
    for (const [what, req] of apiAnswers) {
      const http = await apps.http.inject(req);
      expectApiHeaders(http, `${what} (http)`);
      expect(http.headers['strict-transport-security'], what).toBeUndefined();
      const https = await apps.https.inject(req);
      expectApiHeaders(https, `${what} (https)`);
      expect(https.headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
    }
  });

  it('keeps the caching the client files choose, and no-store on the API', async () => {
    const cacheOf = async (url: string) => (await apps.http.inject({ method: 'GET', url })).headers['cache-control'];
    expect(await cacheOf('/assets/app-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/clinic-dashboard')).toBe('no-cache');
    expect(await cacheOf('/api/health')).toBe('no-store');
  });

  it('marks the session cookie Secure over https', async () => {
    const res = await apps.https.inject({ method: 'POST', url: '/api/admin/authenticate', payload: { password: 'x' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // no admin password configured: nothing to sign in to
    const { createClinic } = await import('../factories');
    const clinic = await createClinic(apps.https.db);
    const login = await apps.https.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: 'Str0ng!Pass' } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });
});
