import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';
import { MATRIX, ORDER } from './access-table';
import { apiRoutes, buildWorld, type ActorName } from './security-fixtures';
import { CONTROL_CHARACTERS_MESSAGE } from '../../plugins/security';

// Hostile input on every state-changing API route and in every GET route's query string (OWASP ASVS V5): malformed JSON, wrong types,
// missing and extra fields, 100 kB strings, control characters, SQL and script fragments, impossible dates
// and numbers. Always a 4xx with a JSON `message`, never a 5xx, never a crash; bodies over 1 MB are a 413,
// bodies that are not JSON a 415. Each route is called without a session and as the actor the access table
// lets through, so the validation behind the guards is reached.

const LONG = 'x'.repeat(100_000);
const CONTROL = 'Dr.\u0000\u0007\u001b[31m\u202e';
/** Values no field of the API accepts. Raw JSON text, so 1e309 (Infinity) and NaN strings arrive as sent. */
const INVALID_VALUES: Record<string, string> = {
  'a 100 kB string': JSON.stringify(LONG),
  'control characters': JSON.stringify(CONTROL),
  'minus one': '-1',
  '1e309': '1e309',
  'a nested object': '{"$gt":""}',
};
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Values refused where the field holds a date, a number or a single value; plain text elsewhere. */
const invalidFor = (value: unknown): Record<string, string> => ({
  ...(typeof value === 'string' && ISO_DAY.test(value) ? { 'an impossible date': JSON.stringify('2026-02-30') } : {}),
  ...(typeof value === 'number' ? { 'a NaN string': JSON.stringify('NaN'), 'a fraction': '1.5' } : {}),
  ...(Array.isArray(value) ? {} : { 'an array': '[1,2]' }),
});
/** Fragments a free-text field may store as text: they must never reach SQL or HTML as code. */
const TEXT_FRAGMENTS: Record<string, string> = {
  'an SQL fragment': JSON.stringify("x'); DROP TABLE medical_reps; --"),
  'a script fragment': JSON.stringify('<script>alert(1)</script>'),
  'an impossible date': JSON.stringify('2026-02-30'),
  'a NaN string': JSON.stringify('NaN'),
};
const BAD_IDS = ['abc', '-1', '0', '1e309', '99999999999999999999', '1%00', "1'%20OR%20'1'='1", 'NaN'];

const isStateChanging = (route: string) => !route.startsWith('GET ');
/** Query-string values no field takes as meant: each must be a 4xx or an ordinary answer, never a 5xx. */
const HOSTILE_QUERY: Record<string, string> = {
  'not a date': 'not-a-date',
  'an impossible date': '2026-02-30',
  'minus one': '-1',
  '1e309': '1e309',
  NaN: 'NaN',
  'a 5 kB string': 'x'.repeat(5_000),
  'an SQL fragment': "x'); DROP TABLE medical_reps; --",
  'a script fragment': '<script>alert(1)</script>',
  'a percent sign': '100%',
  empty: '',
};
/** Control characters as a query string carries them (percent-encoded): a 400 on every field. */
const CONTROL_QUERY: Record<string, string> = { 'a NUL byte': 'a\u0000b', 'an escape sequence': '\u001b[31m' };
let ipCounter = 0;
const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const failures: string[] = [];
const hasMessage = (res: LightMyRequestResponse) => {
  try {
    return /application\/json/.test(String(res.headers['content-type'])) && typeof res.json().message === 'string';
  } catch {
    return false;
  }
};
function expectClientError(res: LightMyRequestResponse, what: string) {
  if (res.statusCode < 400 || res.statusCode >= 500 || !hasMessage(res)) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
}
function expectNoServerError(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 500 || (res.statusCode >= 400 && !hasMessage(res))) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
}

describeEachDatabase(
  'hostile input on every state-changing route',
  (ctx) => {
    const send = (o: InjectOptions & { cookie?: string }) => {
      const { cookie, headers, ...rest } = o;
      return ctx.app.inject({ ...rest, headers: { ...(headers as object), ...(cookie ? { cookie } : {}), 'x-forwarded-for': freshIp() } });
    };

    it('answers every hostile body and id with a 4xx and a message, never a 5xx', async () => {
      const routes = apiRoutes(ctx.app).filter(isStateChanging);
      expect(routes.length).toBeGreaterThan(30);
      for (const route of routes) {
        const row = MATRIX[route];
        expect(row, `${route} has a row in the access table`).toBeDefined();
        const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
        const world = await buildWorld(ctx.app);
        const owner = ORDER.find((a) => a !== 'nobody' && ['ok', 'reached'].includes(row!.expect[a])) ?? 'repA';
        for (const actor of ['nobody', owner] as ActorName[]) {
          const cookie = world.cookies[actor];
          const base = row!.request(world);
          const url = base.url ?? pattern;
          const body = (typeof base.payload === 'object' ? base.payload : undefined) as Record<string, unknown> | undefined;
          const json = (raw: string) => ({ method, url, cookie, headers: { 'content-type': 'application/json' }, payload: raw });
          const at = (what: string) => `${route} as ${actor} with ${what}`;

          // Malformed JSON and bodies of the wrong shape.
          expectClientError(await send(json('{"email": "a@b.c",')), at('malformed JSON'));
          expectClientError(await send(json('{"__proto__": {"isAdmin": true}}')), at('a __proto__ key'));
          if (body && Object.keys(body).length > 0) {
            for (const raw of ['[]', '"text"', '42', 'null', '{}']) expectClientError(await send(json(raw)), at(`the body ${raw}`));
            for (const field of Object.keys(body)) {
              // A missing field is refused, or, where the field is optional, the call works without it.
              const { [field]: _dropped, ...missing } = body;
              expectNoServerError(await send(json(JSON.stringify(missing))), at(`${field} missing`));
              for (const [name, raw] of Object.entries({ ...INVALID_VALUES, ...invalidFor(body[field]) })) {
                const payload = JSON.stringify({ ...body, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw);
                expectClientError(await send(json(payload)), at(`${name} as ${field}`));
              }
              for (const [name, raw] of Object.entries(TEXT_FRAGMENTS)) {
                const payload = JSON.stringify({ ...body, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw);
                expectNoServerError(await send(json(payload)), at(`${name} as ${field}`));
              }
            }
            // Extra fields are ignored or refused, never used.
            expectNoServerError(await send(json(JSON.stringify({ ...body, isAdmin: true, userType: 'admin', id: 1, status: 'active' }))), at('extra fields'));
          }
          // Hostile ids in the path.
          const params = pattern.match(/:[A-Za-z]+/g) ?? [];
          for (const param of params) {
            for (const bad of BAD_IDS) {
              const hostileUrl = pattern.replace(param, bad).replace(/:[A-Za-z]+/g, '1');
              const res = await send({ method, url: hostileUrl, cookie, ...(body ? { payload: body } : {}) });
              expectClientError(res, at(`${param} = ${bad}`));
            }
          }
        }
      }
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(failures).toEqual([]);
    }, 600_000);

    it('answers every hostile query value on every GET route with a 4xx and a message, never a 5xx', async () => {
      failures.length = 0;
      const routes = ctx.app.routeList.filter((r) => r.method === 'GET' && r.url.startsWith('/api'));
      let fieldsSent = 0;
      for (const route of routes) {
        const key = `GET ${route.url}`;
        const row = MATRIX[key];
        expect(row, `${key} has a row in the access table`).toBeDefined();
        const world = await buildWorld(ctx.app);
        const base = row!.request(world);
        const url = new URL(base.url ?? route.url, 'http://app.test');
        // The row's own query (a valid one), in its url or as `query`; hostile values go in one field at a time.
        const valid = Object.fromEntries([...url.searchParams, ...Object.entries((base.query ?? {}) as Record<string, string>)]);
        const fields = [...new Set([...route.query, ...Object.keys(valid)])];
        const owner = ORDER.find((a) => a !== 'nobody' && ['ok', 'reached'].includes(row!.expect[a])) ?? 'repA';
        for (const actor of ['nobody', owner] as ActorName[]) {
          const cookie = world.cookies[actor];
          const get = (query: Record<string, string | string[]>) => {
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) search.append(k, one);
            return send({ method: 'GET', url: `${url.pathname}?${search.toString()}`, cookie });
          };
          for (const field of fields) {
            fieldsSent++;
            const at = (what: string) => `${key} as ${actor} with ${what} as ${field}`;
            for (const [name, value] of Object.entries(HOSTILE_QUERY)) expectNoServerError(await get({ ...valid, [field]: value }), at(name));
            expectNoServerError(await get({ ...valid, [field]: ['1', '2'] }), at('two values'));
            for (const [name, value] of Object.entries(CONTROL_QUERY)) {
              const res = await get({ ...valid, [field]: value });
              expectClientError(res, at(name));
              if (res.statusCode === 400 && res.json().message !== CONTROL_CHARACTERS_MESSAGE) failures.push(`${at(name)}: ${res.body.slice(0, 160)}`);
            }
          }
          // A control character in the name of a field no route declares is refused just the same (or the guard
          // refuses the caller first).
          const res = await get({ ...valid, 'x\u0000': '1' });
          expectClientError(res, `${key} as ${actor} with a NUL in a field's name`);
          if (res.statusCode !== 400 && res.statusCode !== 401) failures.push(`${key} as ${actor} with a NUL in a field's name: ${res.statusCode}`);
        }
      }
      expect(fieldsSent).toBeGreaterThan(40);
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(failures).toEqual([]);
    }, 600_000);

    it('refuses a body over 1 MB with 413 and a body that is not JSON with 415, on every state-changing route', async () => {
      const world = await buildWorld(ctx.app);
      const big = JSON.stringify({ padding: 'x'.repeat(1_100_000) });
      for (const route of apiRoutes(ctx.app).filter(isStateChanging)) {
        const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
        const url = MATRIX[route]!.request(world).url ?? pattern;
        const row = MATRIX[route]!;
        const owner = ORDER.find((a) => a !== 'nobody' && ['ok', 'reached'].includes(row.expect[a])) ?? 'repA';
        for (const actor of ['nobody', owner] as ActorName[]) {
          const cookie = world.cookies[actor];
          // A guard that refuses the caller answers before the body is read (401); otherwise 413.
          const refusedFirst = actor === 'nobody' && row.expect.nobody === 'unauth';
          const tooBig = await send({ method, url, cookie, headers: { 'content-type': 'application/json' }, payload: big });
          expect(tooBig.statusCode, `${route} as ${actor}: ${tooBig.body.slice(0, 100)}`).toBe(refusedFirst && tooBig.statusCode === 401 ? 401 : 413);
          expect(typeof tooBig.json().message).toBe('string');
          // Razorpay's and WhatsApp's raw, signed bodies.
          if (route === 'POST /api/subscription/webhook' || route === 'POST /api/whatsapp/webhook') continue;
          for (const [type, payload] of [
            ['text/plain', '{"email":"a@b.c"}'],
            ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
            ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
          ] as const) {
            const res = await send({ method, url, cookie, headers: { 'content-type': type }, payload });
            expect(res.statusCode, `${route} with ${type}`).toBe(415);
            expect(res.json().message).toBe('Send the request body as JSON.');
          }
        }
      }
    }, 300_000);
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123', TRUST_PROXY: 'true' } },
);
