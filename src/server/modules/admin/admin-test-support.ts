import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomIp } from '../auth/auth.test-support';
import { sessionCookie } from '../../test/factories';

// Helpers for the admin API tests.

export const ADMIN_PASSWORD = 'Admin!Pass123';
export const ADMIN_ENV = { env: { ADMIN_PASSWORD } };

export const adminCookie = (app: FastifyInstance) => sessionCookie(app, 'admin', 0);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  o: { cookie?: string; body?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: o.ip ?? randomIp(),
    headers: o.cookie ? { cookie: o.cookie } : {},
    ...(o.body !== undefined ? { payload: o.body as Record<string, unknown> } : {}),
  });
}

export const sessionCookieFrom = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'rv_session');
  if (!c) throw new Error('no session cookie');
  return `rv_session=${c.value}`;
};

/** Every call behind the admin gate, with a valid body where one is needed. */
export const GUARDED_CALLS: Array<{ method: Method; url: string; body?: unknown }> = [
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/analytics' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/doctors' },
  { method: 'GET', url: '/api/admin/appointments' },
  { method: 'GET', url: '/api/admin/subscriptions' },
  { method: 'GET', url: '/api/admin/users.csv' },
  { method: 'GET', url: '/api/admin/doctors.csv' },
  { method: 'GET', url: '/api/admin/appointments.csv?status=booked' },
  { method: 'GET', url: '/api/admin/subscriptions.csv' },
  { method: 'GET', url: '/api/admin/pending-medical-reps' },
  { method: 'GET', url: '/api/admin/medical-reps-with-subscription' },
  { method: 'GET', url: '/api/admin/email-audit-logs' },
  { method: 'GET', url: '/api/admin/email-stats' },
  { method: 'GET', url: '/api/admin/email-jobs/5b0c8e7e-4a5e-4c8e-9d7e-2f1f0c9a1b2c' },
  { method: 'DELETE', url: '/api/admin/users/1', body: { userType: 'medrep' } },
  { method: 'PATCH', url: '/api/admin/users/1/status', body: { userType: 'medrep', status: 'inactive' } },
  { method: 'PATCH', url: '/api/admin/companies/1/verification', body: { verified: true } },
  { method: 'DELETE', url: '/api/admin/doctors/1' },
  { method: 'DELETE', url: '/api/admin/appointments/1' },
  { method: 'POST', url: '/api/admin/notifications', body: { message: 'Hello' } },
  { method: 'DELETE', url: '/api/admin/notifications/active' },
  { method: 'POST', url: '/api/admin/restart-server' },
  { method: 'POST', url: '/api/admin/send-reregistration-emails', body: { sendToAll: true } },
  { method: 'POST', url: '/api/admin/send-bulk-email', body: { recipientIds: [1], subject: 'Hi', content: 'Hi', templateType: 'custom' } },
];

/** Polls a bulk e-mail job until it is done. */
export async function waitForJob(app: FastifyInstance, cookie: string, jobId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, 'GET', `/api/admin/email-jobs/${jobId}`, { cookie });
    const job = res.json<{ total: number; sent: number; failed: number; done: boolean }>();
    if (job.done) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} not done: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
