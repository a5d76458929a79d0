import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Mailbox } from '../../test/mailbox';
import { codeIn } from '../../test/mailbox';

// Helpers for the accounts API tests. Each call comes from its own client address unless a test names one,
// so the per-IP rate limits of one test do not leak into another.

export const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join('.')}`;
const uniq = () => randomBytes(4).toString('hex');
const digits = () => `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  o: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: o.ip ?? randomIp(),
    headers: { ...o.headers, ...(o.cookie ? { cookie: o.cookie } : {}) },
  });
}

export async function get(app: FastifyInstance, url: string, o: { ip?: string; cookie?: string } = {}) {
  return app.inject({ method: 'GET', url, remoteAddress: o.ip ?? randomIp(), headers: o.cookie ? { cookie: o.cookie } : {} });
}

export const PASSWORD = 'Clinic#Pass1';

export const clinicPayload = (o: Record<string, unknown> = {}) => ({
  clinicName: 'Dal Lake Clinic',
  contactPerson: 'Asha Kaul',
  state: 'Jammu and Kashmir',
  city: 'Srinagar',
  email: `clinic-${uniq()}@example.com`,
  contactNumber: digits(),
  password: PASSWORD,
  deviceFingerprint: 'fp_test',
  ...o,
});

export const repPayload = (o: Record<string, unknown> = {}) => ({
  fullName: 'Ravi Sharma',
  email: `rep-${uniq()}@example.com`,
  phone: digits(),
  company: 'Sun Pharma',
  state: 'Jammu and Kashmir',
  password: PASSWORD,
  deviceFingerprint: 'fp_test',
  ...o,
});

/** Registers through the API and answers the code read from the real mailbox. */
export async function registerAndReadCode(app: FastifyInstance, mailbox: Mailbox, kind: 'clinic' | 'medrep', payload: { email: string }): Promise<string> {
  const before = mailbox.to(payload.email).length;
  const res = await post(app, `/api/${kind}/register`, payload);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await mailbox.waitFor(payload.email, () => mailbox.to(payload.email).length > before);
  return codeIn(mail);
}

/** The session cookie a response sets, as a `cookie` header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'rv_session');
  if (!c) throw new Error('no session cookie set');
  return `${c.name}=${c.value}`;
}

/** A wrong code for `code` (same length, different value). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
