import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../../shared/dates';
import { readTestEnv } from '../../config';
import { migratedDataDir, testDatabaseKinds, type DatabaseKind } from '../harness';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { outbox, sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/auth';
import { hashToken, newToken, SESSION_LIFETIME_MS } from '../../modules/auth/sessions.service';
import { createClinic, createDoctor, createSubscribedRep } from '../factories';

// Durability: the real server process, stopped with SIGTERM in the middle of a load of bookings,
// finishes what it accepted; started again on the same data (embedded PGlite directory or PostgreSQL
// database), every booking that got a 2xx answer is there, with its confirmation e-mail delivered. Real time here:
// the server runs its own clock.

const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const REPS = 40;
const DOCTORS = 6;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, child, exited, output: () => out };
}

/** A fresh database with a clinic, doctors that take 50 calls a day, subscribed reps and their sessions. */
async function prepare(kind: DatabaseKind) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let database;
  if (kind === 'pglite') {
    const dir = migratedDataDir('rv-durability-');
    database = await openDatabase({ dataDir: dir });
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const base = readTestEnv().testDatabaseUrl!;
    const name = `rv_durability_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  await migrateDatabase(database);
  const db = database.db;
  const clinic = await createClinic(db);
  const doctorIds: number[] = [];
  for (let i = 0; i < DOCTORS; i++) doctorIds.push((await createDoctor(db, clinic.id, { settings: { maxSlots: 50, availableDays: EVERY_DAY } })).id);
  const reps: Array<{ id: number; cookie: string }> = [];
  const now = new Date();
  for (let i = 0; i < REPS; i++) {
    const rep = await createSubscribedRep(db, { subscriptionExpiresAt: new Date(now.getTime() + 365 * 86_400_000) });
    const token = newToken();
    await db.insert(sessions).values({
      id: hashToken(token),
      userType: 'medrep',
      userId: rep.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS.browser),
    });
    reps.push({ id: rep.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  await database.close();
  return { env, cleanup, clinicId: clinic.id, doctorIds, reps };
}

for (const kind of testDatabaseKinds()) {
  describe(`durability of accepted bookings across SIGTERM [${kind}]`, () => {
    it('keeps every booking that got a 2xx answer after a SIGTERM in the middle of the load and a restart', async () => {
      const world = await prepare(kind);
      try {
        const first = await startServer(world.env);
        const day = addDays(todayInIndia(new Date()), 3);
        const accepted: Array<{ repId: number; id: number }> = [];
        const outcomes: string[] = [];
        let answered = 0;
        // Every rep books each doctor once, all at once: 240 requests in flight.
        const requests = world.reps.flatMap((rep) =>
          world.doctorIds.map(async (doctorId) => {
            try {
              const res = await fetch(`${first.baseURL}/api/book-appointment`, {
                method: 'POST',
                headers: { cookie: rep.cookie, 'content-type': 'application/json' },
                body: JSON.stringify({ doctorId, clinicId: world.clinicId, repId: rep.id, appointmentDate: day }),
              });
              answered++;
              outcomes.push(String(res.status));
              if (res.status >= 200 && res.status < 300) {
                const body = (await res.json()) as { appointment?: { id: number }; id?: number };
                accepted.push({ repId: rep.id, id: body.appointment?.id ?? body.id! });
              }
            } catch {
              outcomes.push('connection closed');
            }
          }),
        );
        // SIGTERM once some answers are in and many requests are still in flight.
        const total = requests.length;
        while (answered < total / 5) await new Promise((r) => setTimeout(r, 5));
        first.child.kill('SIGTERM');
        await Promise.all(requests);
        expect(await first.exited, first.output()).toBe(0);
        expect(accepted.length, outcomes.join(',')).toBeGreaterThan(0);
        expect(accepted.every((a) => Number.isInteger(a.id))).toBe(true);

        // Started again on the same data: every accepted booking is there.
        const second = await startServer(world.env);
        try {
          const missing: Array<{ repId: number; id: number }> = [];
          for (const rep of world.reps) {
            const res = await fetch(`${second.baseURL}/api/rep-appointments?repId=${rep.id}`, { headers: { cookie: rep.cookie } });
            expect(res.status).toBe(200);
            const text = await res.text();
            const ids = new Set([...text.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1])));
            for (const a of accepted.filter((x) => x.repId === rep.id)) if (!ids.has(a.id)) missing.push(a);
          }
          expect(missing).toEqual([]);
          // The confirmations queued with those bookings go out from the restarted server (decision 028).
          await new Promise((r) => setTimeout(r, 3000));
        } finally {
          second.child.kill('SIGTERM');
          await second.exited;
        }
        // Each accepted booking's confirmation e-mail was written with it and has been delivered.
        const database = world.env.DATABASE_URL
          ? await openDatabase({ url: world.env.DATABASE_URL, dataDir: 'unused' })
          : await openDatabase({ dataDir: world.env.DATA_DIR! });
        try {
          const confirmations = await database.db.select().from(outbox).where(eq(outbox.templateType, 'booking'));
          for (const rep of world.reps) {
            const theirs = confirmations.filter((m) => m.recipientId === rep.id);
            expect(theirs.length).toBeGreaterThanOrEqual(accepted.filter((a) => a.repId === rep.id).length);
          }
          expect(confirmations.filter((m) => m.status !== 'sent')).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await world.cleanup();
      }
    }, 300_000);
  });
}
