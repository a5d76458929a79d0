import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/processes';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { emailAuditLog, medicalReps } from '../db/schema';
import { createTestDatabase, migratedDataDir, testDatabaseKinds } from '../test/harness';
import { Mailbox } from '../test/mailbox';

// kill -9 of the real server process in the middle of a bulk e-mail, then a new start: the send resumes where it
// stopped, every recipient gets the mail, and the history accounts for every message (docs/decisions/028-outbox.md).
// A message whose delivery the kill cut off may arrive twice; the history shows its second attempt.

const RECIPIENTS = 220;
const ADMIN_PASSWORD = 'Crash!Admin123';

async function seedReps(database: Database, tag: string) {
  await database.db.insert(medicalReps).values(
    Array.from({ length: RECIPIENTS }, (_, i) => ({
      fullName: `Crash Rep ${i}`,
      email: `crash-${tag}-${i}@example.com`,
      phone: `7${String(i).padStart(9, '0')}`,
      company: 'Cipla',
      state: 'Punjab',
      password: 'not-used',
      emailVerified: true,
    })),
  );
}

function startServer(env: Record<string, string>): { proc: ChildProcess; stderr: () => string } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  return { proc, stderr: () => err };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabaseKinds())('kill -9 during a bulk e-mail [%s]', (kind) => {
  it('resumes after a restart: every recipient gets the mail and the history accounts for every message', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const mailbox = new Mailbox({ acceptDelayMs: 15 });
    const smtpUrl = await mailbox.start();
    const dataDir = kind === 'pglite' ? migratedDataDir('rv-crash-') : '';
    const created = kind === 'postgres' ? await createTestDatabase('postgres') : null;
    const seedDb = created ? created.database : await openDatabase({ dataDir });
    if (!created) await migrateDatabase(seedDb);
    await seedReps(seedDb, tag);
    if (!created) await seedDb.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl,
      SESSION_SECRET: 'outbox-crash-test-session-secret-0123456789',
      ADMIN_PASSWORD,
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'false',
      DATABASE_URL: created?.url ?? '',
      DATA_DIR: dataDir || 'unused',
      // A delivery cut off by the kill is tried again when its claim runs out: short here, so the test is quick.
      OUTBOX_CLAIM_MS: '3000',
    };
    let server = startServer(env);
    try {
      await until('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
      const login = await fetch(`${base}/api/admin/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const send = await fetch(`${base}/api/admin/send-bulk-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          selection: { all: true, filter: { status: 'all', q: `crash-${tag}` } },
          subject: 'Hello {{name}}',
          content: 'Dear {{name}}',
          templateType: 'updates',
        }),
      });
      expect(send.status).toBe(202);
      const { jobId, queued } = (await send.json()) as { jobId: string; queued: number };
      expect(queued).toBe(RECIPIENTS);

      await until('the first deliveries', async () => (mailbox.messages.length >= 40 ? true : undefined));
      server.proc.kill('SIGKILL');
      await new Promise((r) => server.proc.once('exit', r));
      const before = mailbox.messages.length;
      expect(before).toBeLessThan(RECIPIENTS);

      server = startServer(env);
      const job = await until('the job to finish', async () => {
        const res = await fetch(`${base}/api/admin/email-jobs/${jobId}`, { headers: { cookie } });
        if (!res.ok) return undefined;
        const j = (await res.json()) as { total: number; sent: number; failed: number; pending: number; done: boolean };
        return j.done ? j : undefined;
      });
      expect(job).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, failed: 0, pending: 0, done: true });

      const reached = new Set(mailbox.messages.filter((m) => m.subject.startsWith('Hello Crash Rep')).map((m) => m.to[0]));
      expect(reached.size).toBe(RECIPIENTS);
      server.proc.kill('SIGTERM');
      await new Promise((r) => server.proc.once('exit', r));

      const db = created ? created.database : await openDatabase({ dataDir });
      try {
        const rows = await db.db.select().from(emailAuditLog).where(eq(emailAuditLog.jobId, jobId));
        expect(rows).toHaveLength(RECIPIENTS);
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
        // Any mail that arrived twice was cut off by the kill: its row shows the second attempt.
        const received = mailbox.messages.filter((m) => m.subject.startsWith('Hello Crash Rep')).length;
        const retried = rows.filter((r) => r.attempts > 1).length;
        expect(received - RECIPIENTS).toBeLessThanOrEqual(retried);
        expect(
          await db.db
            .select()
            .from(medicalReps)
            .where(like(medicalReps.email, `crash-${tag}-%`)),
        ).toHaveLength(RECIPIENTS);
      } finally {
        if (!created) await db.close();
      }
    } finally {
      if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
      await mailbox.stop();
      await created?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
