import { randomBytes } from 'node:crypto';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outbox } from '../../db/schema';
import type { Mailbox } from '../../test/mailbox';
import { codeIn } from '../../test/mailbox';

// Helpers for the accounts API tests. Each call comes from its own client address unless a test names one,
// so the per-IP rate limits of one test do not leak into another.

export const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join('.')}`;
const uniq = () => randomBytes(4).toString('hex');
const digits = () => `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;

/**
 * What a browser keeps between registering and entering the code: the registration token of each address it
 * registered (the client keeps it in sessionStorage; docs/decisions/030). `post` keeps and sends it as the client
 * does, in one browser per test file unless a test names another (a second person, another device).
 */
export class TestBrowser {
  readonly registrationTokens = new Map<string, string>();
}
const sameBrowser = new TestBrowser();
const REGISTER_URL = /^\/api\/(clinic|medrep|company)\/register$/;

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  o: { ip?: string; cookie?: string; headers?: Record<string, string>; browser?: TestBrowser } = {},
): Promise<LightMyRequestResponse> {
  const browser = o.browser ?? sameBrowser;
  let body = payload as Record<string, unknown>;
  if (url === '/api/verify-otp' && body && typeof body === 'object' && !('registrationToken' in body)) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const token = browser.registrationTokens.get(email);
    if (token) body = { ...body, registrationToken: token };
  }
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: o.ip ?? randomIp(),
    headers: { ...o.headers, ...(o.cookie ? { cookie: o.cookie } : {}) },
  });
  if (REGISTER_URL.test(url) && res.statusCode === 201) {
    const answer = res.json<{ email: string; registrationToken: string }>();
    browser.registrationTokens.set(answer.email, answer.registrationToken);
  }
  return res;
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

/** A pharma company's registration (docs/decisions/087); a real-format GSTIN with its right check character. */
export const companyPayload = (o: Record<string, unknown> = {}) => ({
  companyName: 'Sun Pharma Laboratories',
  contactName: 'Meera Rao',
  email: `company-${uniq()}@example.com`,
  phone: digits(),
  password: PASSWORD,
  gstin: '27AAPFU0939F1ZV',
  deviceFingerprint: 'fp_test',
  ...o,
});

/** Registers through the API and answers the code read from the real mailbox. */
export async function registerAndReadCode(
  app: FastifyInstance,
  mailbox: Mailbox,
  kind: 'clinic' | 'medrep' | 'company',
  payload: { email: string },
  browser?: TestBrowser,
): Promise<string> {
  const before = mailbox.to(payload.email).length;
  const res = await post(app, `/api/${kind}/register`, payload, { browser });
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

/**
 * Waits until the outbox has handed every verification e-mail of `email` to SMTP and stamped it sent: the resend wait
 * counts from that stamp (decision 028), so a test moves its clock only after it.
 */
export async function waitUntilCodesSent(app: FastifyInstance, email: string, timeoutMs = 5000): Promise<void> {
  const keys = ['clinic', 'medrep', 'company'].map((kind) => `verify:${kind}:${email.toLowerCase()}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await app.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.replaceKey, keys), inArray(outbox.status, ['queued', 'sending', 'retrying'])));
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`verification e-mails to ${email} still unsent`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
