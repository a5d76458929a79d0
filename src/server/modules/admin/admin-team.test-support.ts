import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { deliverOutbox, type TestContext } from '../../test/harness';
import { call, sessionCookieFrom } from './admin-test-support';
import { totpCodeAt } from './admin-two-factor';

// Helpers of the admin team's API tests (docs/decisions/042-admin-team.md): an invitation read from the real test
// mailbox, the enrolment through the link's three calls, and sign-ins with codes from the test clock.

export const TEAM_PASSWORD = 'Team-Admin-Pass1!';

export interface Enrolled {
  id: number;
  name: string;
  email: string;
  secret: string;
  recoveryCodes: string[];
}

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** The token of the newest enrolment link e-mailed to `email`. */
export async function linkTokenFor(ctx: TestContext, email: string, purpose: RegExp = /invitation|again/): Promise<string> {
  await deliverOutbox(ctx);
  const mail = await ctx.mailbox.waitFor(email, (m) => purpose.test(m.subject));
  const token = /\/admin\/invite\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no enrolment link in the e-mail to ${email}`);
  return token;
}

/** The next 30-second step's code: each code works once, so the clock moves on before each one. */
export function nextCode(ctx: TestContext, secret: string): string {
  ctx.clock.advance(30_000);
  return totpCodeAt({ secret, now: ctx.clock.now() });
}

/** Accepts and confirms an enrolment link (password, then the first code); answers the secret and recovery codes. */
export async function enrolWithToken(ctx: TestContext, token: string, o: { confirm?: boolean } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  const accepted = await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: TEAM_PASSWORD } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const { totpSecret } = accepted.json<{ totpSecret: string }>();
  if (o.confirm === false) return { secret: totpSecret, recoveryCodes: [] };
  const confirmed = await call(ctx.app, 'POST', '/api/admin/invite/confirm', { body: { token, code: nextCode(ctx, totpSecret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: totpSecret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Invites through the API (with `cookie`, an owner's or the single-password session) and enrols the new admin. */
export async function inviteAndEnrol(
  ctx: TestContext,
  cookie: string,
  o: { name?: string; role: 'owner' | 'staff'; confirm?: boolean; email?: string },
): Promise<Enrolled> {
  const name = o.name ?? `${o.role === 'owner' ? 'Owner' : 'Staff'} ${randomBytes(2).toString('hex')}`;
  const email = o.email ?? uniqueEmail(o.role);
  const invited = await call(ctx.app, 'POST', '/api/admin/admins', { cookie, body: { name, email, role: o.role } });
  expect(invited.statusCode, invited.body).toBe(201);
  const { id } = invited.json<{ admin: { id: number } }>().admin;
  const enrolled = await enrolWithToken(ctx, await linkTokenFor(ctx, email), { confirm: o.confirm });
  return { id, name, email, ...enrolled };
}

export function signIn(
  ctx: TestContext,
  body: { email?: string; password: string; code?: string },
  o: { ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return call(ctx.app, 'POST', '/api/admin/authenticate', { body, ip: o.ip, cookie: o.cookie });
}

/** Signs the admin in with a fresh TOTP code and answers the session cookie. */
export async function signInWithCode(ctx: TestContext, admin: Enrolled): Promise<string> {
  const res = await signIn(ctx, { email: admin.email, password: TEAM_PASSWORD, code: nextCode(ctx, admin.secret) });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}
