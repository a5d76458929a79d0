import { text } from 'node:stream/consumers';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';
import { expectedOf, MATRIX, MATRIX_ORDER, matches } from './access-table';
import { ALL_ACTORS, apiRoutes, buildWorld } from './security-fixtures';

// Object-level authorisation across the whole API (OWASP API1), for every role of a clinic's team too (decision 072). Every API route has a row in
// access-table.ts; a route added without a row fails the first test, so every new route gets a decision.

describeEachDatabase(
  'access matrix: every API route against every actor',
  (ctx) => {
    it('has a row for every API route the app registers (add new routes to the matrix)', () => {
      const routes = apiRoutes(ctx.app);
      expect(routes.length).toBeGreaterThan(50);
      const missing = routes.filter((r) => !MATRIX[r]);
      expect(missing, 'routes without a row in the access matrix').toEqual([]);
      const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
      expect(stale, 'rows for routes that no longer exist').toEqual([]);
    });

    it('answers each actor as the matrix says', async () => {
      const failures: string[] = [];
      for (const route of apiRoutes(ctx.app)) {
        const row = MATRIX[route];
        if (!row) continue;
        const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
        const world = await buildWorld(ctx.app);
        for (const actor of MATRIX_ORDER) {
          const { url, headers, ...rest } = row.request(world);
          const cookie = world.cookies[actor];
          const res = await ctx.app.inject({
            method,
            url: url ?? pattern,
            ...rest,
            // Each actor from an address of its own, so per-address limits count one actor's calls (12 actors > 10 a window).
            remoteAddress: `10.9.${ALL_ACTORS.indexOf(actor)}.1`,
            headers: { ...(headers as object), ...(cookie ? { cookie } : {}), 'x-forwarded-for': `10.9.${ALL_ACTORS.indexOf(actor)}.1` },
            // A stream never ends by itself: its answer resolves at its headers, and an open one is closed here.
            ...(row.stream ? { payloadAsStream: true } : {}),
          });
          let body: string;
          if (row.stream && String(res.headers['content-type']).startsWith('text/event-stream')) {
            res.stream().destroy();
            res.raw.res.destroy();
            body = '';
          } else body = row.stream ? await text(res.stream()) : res.body;
          const expected = expectedOf(row, actor);
          // A role's refusal is the one code, naming who may (docs/decisions/072-clinic-team.md).
          const roleAnswer = expected === 'roleDenied' && res.statusCode === 403 ? (JSON.parse(body) as { code?: string }).code : 'forbidden_role';
          if (!matches(expected, res.statusCode) || roleAnswer !== 'forbidden_role') {
            failures.push(`${route} as ${actor}: expected ${expected}, got ${res.statusCode} ${body.slice(0, 160)}`);
          }
          if (res.statusCode >= 400) expect(typeof (JSON.parse(body) as { message?: unknown }).message, `${route} as ${actor}`).toBe('string');
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123', METRICS_TOKEN: 'access-matrix-metrics-token' } },
);
