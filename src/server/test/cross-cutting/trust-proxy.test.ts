import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { securityEvents, sessions } from '../../db/schema';
import { LIMITS } from '../../modules/auth/auth.limits';
import { describeEachDatabase } from '../harness';

// Client addresses behind proxies (docs/decisions/029-request-edge-hardening.md): only the X-Forwarded-For entries
// that trusted proxies appended are believed. A client can write anything at the left of the header; the address a
// per-address limit counts, and the one written in security_events and sessions, is the one the nearest
// untrusted hop had. The admin gate's per-address budget (LIMITS.adminLogin.ip) is the limit looked at here.

const ADMIN_PASSWORD = 'Admin!Pass123';
let spoof = 0;
const spoofed = () => `1.2.${(spoof >> 8) & 255}.${spoof++ & 255}`;

const setups: Array<{ what: string; env: string; chain: (real: string) => string; remoteAddress?: string }> = [
  // One hop: the address the one proxy saw is the right-most entry.
  { what: 'TRUST_PROXY=true (one hop)', env: 'true', chain: (real) => real },
  // Two hops: a CDN then a balancer; the CDN's own address is the right-most entry, the client's the one before.
  { what: 'TRUST_PROXY=2 (two hops)', env: '2', chain: (real) => `${real}, 10.1.2.3` },
  // Known proxies: every entry from one of them is skipped, from the right.
  {
    what: 'TRUST_PROXY=a list of proxy addresses and ranges',
    env: '127.0.0.1, 10.0.0.0/8, 192.168.7.1',
    chain: (real) => `${real}, 10.1.2.3, 192.168.7.1`,
  },
];

for (const setup of setups) {
  describeEachDatabase(
    `client addresses behind proxies: ${setup.what}`,
    (ctx) => {
      const authenticate = (real: string, password: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/authenticate',
          payload: { password },
          // What a client sends itself comes first; the proxies append what they saw.
          headers: { 'x-forwarded-for': `${spoofed()}, ${setup.chain(real)}` },
        });

      it('counts the per-address limit and records events by the address the proxies saw, not the one the client wrote', async () => {
        const real = '203.0.113.9';
        const { max } = LIMITS.adminLogin.ip;
        for (let i = 0; i < max; i++) expect((await authenticate(real, `guess-${i}`)).statusCode, `guess ${i + 1}`).toBe(401);
        const over = await authenticate(real, 'guess-over');
        expect(over.statusCode, over.body).toBe(429);
        // Another client behind the same proxies has its own budget.
        expect((await authenticate('198.51.100.4', 'guess-other')).statusCode).toBe(401);

        const failed = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'admin_login_failed'));
        expect(failed.map((e) => e.ipAddress).sort()).toEqual([...Array<string>(max).fill(real), '198.51.100.4'].sort());

        const login = await authenticate('198.51.100.5', ADMIN_PASSWORD);
        expect(login.statusCode, login.body).toBe(200);
        const [session] = await ctx.app.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.userType, 'admin'));
        expect(session?.ip).toBe('198.51.100.5');
      });

      if (setup.env.includes('/')) {
        it('believes no X-Forwarded-For from a peer that is not one of the proxies', async () => {
          const direct = await ctx.app.inject({
            method: 'POST',
            url: '/api/admin/authenticate',
            payload: { password: 'guess-direct' },
            remoteAddress: '192.0.2.50',
            headers: { 'x-forwarded-for': '203.0.113.250' },
          });
          expect(direct.statusCode).toBe(401);
          const failed = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'admin_login_failed'));
          expect(failed.map((e) => e.ipAddress)).toContain('192.0.2.50');
          expect(failed.map((e) => e.ipAddress)).not.toContain('203.0.113.250');
        });
      }
    },
    { env: { ADMIN_PASSWORD, TRUST_PROXY: setup.env } },
  );
}
