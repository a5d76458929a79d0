import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirHeldError, LOCK_FILE } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { outbox } from '../db/schema';
import { runNightlyBackup } from '../jobs/nightly-backup.job';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie, TEST_PASSWORD } from '../test/factories';
import { Mailbox } from '../test/mailbox';
import { TestClock } from '../test/harness';
import { backupDirOf, lastBackupAt, listBackups } from './backup';
import { restoreBackup, RestoreRefusedError } from './restore';
import { countMainTables } from './table-counts';

// Backups that restore (docs/decisions/060-backups-and-restore.md): accounts, a booking, its queued e-mails and a
// waitlist place are backed up; the database is destroyed (the embedded data directory deleted; the PostgreSQL database
// dropped, its backup a pg_dump -Fc); restored; the app starts on it: every row is back, a rep signs in, the next
// booking works, and an e-mail queued before the backup is delivered exactly once.

const run = promisify(execFile);
const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const DAY = '2026-03-04';
const NEXT_DAY = '2026-03-05';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

interface Store {
  /** A database to start on, fresh or restored. */
  open(): Promise<Database>;
  /** Backs the closed-over database up and destroys it. */
  backUpAndDestroy(app: FastifyInstance, database: Database): Promise<void>;
  restore(): Promise<void>;
  cleanUp(): Promise<void>;
}

async function embeddedStore(tmp: string): Promise<Store & { env: Record<string, string> }> {
  const dataDir = join(tmp, 'data');
  const env = { DATA_DIR: dataDir, BACKUP_DIR: join(tmp, 'backups') };
  return {
    env,
    open: () => openDatabase({ dataDir }),
    async backUpAndDestroy(app, database) {
      const outcome = await runNightlyBackup({ app, now: app.clock.now() });
      expect(outcome).toMatchObject({ status: 'succeeded', counts: { backupBytes: expect.any(Number), backupsPruned: 0 } });
      expect(outcome.counts.backupBytes).toBeGreaterThan(100_000);
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    async restore() {
      const [backup] = await listBackups(env.BACKUP_DIR);
      await restoreBackup({ file: backup!.file, dataDir, now: new Date(NOW) });
      expect(await readdir(dataDir)).not.toContain(LOCK_FILE);
    },
    cleanUp: () => rm(tmp, { recursive: true, force: true }),
  };
}

function postgresStore(tmp: string, base: string): Store {
  const name = `rv_backup_${process.pid}_${Date.now()}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dump = join(tmp, 'live.dump');
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  let created = false;
  return {
    async open() {
      if (!created) await admin(`create database ${name}`);
      created = true;
      return openDatabase({ url: url.toString(), dataDir: 'unused', timeouts: { statementTimeoutMs: 60_000, connectTimeoutMs: 60_000 } });
    },
    async backUpAndDestroy(app, database) {
      await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, url.toString()]);
      await app.close();
      await database.close();
      await admin(`drop database ${name} with (force)`);
    },
    async restore() {
      await admin(`create database ${name}`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', url.toString(), dump]);
    },
    async cleanUp() {
      await admin(`drop database if exists ${name} with (force)`);
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

const kinds: Array<'pglite' | 'postgres'> = readTestEnv().testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

for (const kind of kinds) {
  describe(`back up, destroy, restore, start [${kind}]`, () => {
    const mailbox = new Mailbox();
    const clock = new TestClock(NOW);
    let store: Store;
    let env: Record<string, string> = {};
    let smtpUrl: string;
    let database: Database;
    let app: FastifyInstance;

    const start = async () => {
      database = await store.open();
      await migrateDatabase(database);
      app = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, APP_URL: 'http://localhost:5000', ...env }), database, clock });
      await app.ready();
    };

    beforeAll(async () => {
      smtpUrl = await mailbox.start();
      const tmp = await mkdtemp(join(tmpdir(), 'repvisit-backup-'));
      if (kind === 'pglite') {
        const embedded = await embeddedStore(tmp);
        env = embedded.env;
        store = embedded;
      } else {
        store = postgresStore(tmp, readTestEnv().testDatabaseUrl!);
      }
      await start();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await store?.cleanUp();
      await mailbox.stop();
    }, 60_000);

    it('brings back every account, booking, queued message and waitlist place, and carries on', async () => {
      // The worker stands still, so the booking's e-mails are still queued when the backup is taken.
      await app.outboxWorker.stop();
      const db = app.db;
      const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic' });
      const doctor = await createDoctor(db, clinic.id, {
        name: 'Dr. Hina Wani',
        settings: { maxSlots: 1, availableDays: EVERY_DAY, visitWindows: [], slotMinutes: 15 },
      });
      const [first, second, third] = [await createSubscribedRep(db), await createSubscribedRep(db), await createSubscribedRep(db)];
      const cookieOf = (id: number) => sessionCookie(app, 'medrep', id);
      const book = async (repId: number, date: string) =>
        app.inject({
          method: 'POST',
          url: '/api/book-appointment',
          headers: { cookie: await cookieOf(repId) },
          payload: { doctorId: doctor.id, clinicId: clinic.id, repId, appointmentDate: date },
        });
      expect((await book(first.id, DAY)).statusCode).toBe(201);
      const joined = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { cookie: await cookieOf(second.id) },
        payload: { doctorId: doctor.id, clinicId: clinic.id, date: DAY },
      });
      expect(joined.statusCode).toBeLessThan(300);
      const queued = await db
        .select({ to: outbox.recipientEmail, subject: outbox.subject })
        .from(outbox)
        .where(and(eq(outbox.status, 'queued'), eq(outbox.channel, 'email')));
      expect(queued.length).toBeGreaterThan(0);
      const before = await countMainTables(db);
      expect(before).toMatchObject({ medical_reps: 3, clinic_users: 1, doctor_appointments: 1, waitlist_entries: 1 });

      await store.backUpAndDestroy(app, database);
      await store.restore();
      await start();

      // The embedded backup holds its own job run too (cut off in the copy: it was running when the snapshot was taken).
      const after = await countMainTables(app.db);
      expect({ ...after, job_runs: 0 }).toEqual({ ...before, job_runs: 0 });
      const signIn = await app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: first.email, password: TEST_PASSWORD } });
      expect(signIn.statusCode).toBe(200);
      const waitlist = await app.inject({ method: 'GET', url: '/api/waitlist', headers: { cookie: await cookieOf(second.id) } });
      expect(waitlist.json().entries).toHaveLength(1);

      // The next booking works (and the full day stays full).
      expect((await book(third.id, NEXT_DAY)).statusCode).toBe(201);
      expect((await book(third.id, DAY)).statusCode).toBeGreaterThanOrEqual(400);

      // What was queued before the backup goes out once, restart or not.
      await app.outboxWorker.drain();
      await app.outboxWorker.drain();
      for (const row of queued) expect(mailbox.to(row.to).filter((m) => m.subject === row.subject)).toHaveLength(1);
      const left = await app.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'queued'));
      expect(left).toHaveLength(0);
    }, 60_000);

    if (kind === 'pglite') {
      it('reports the newest backup to the admin and to metrics, late after 36 hours', async () => {
        const status = async () =>
          (await app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: await sessionCookie(app, 'admin', 0) } })).json();
        expect(await status()).toMatchObject({ database: 'pglite', lastBackup: { at: NOW, bytes: expect.any(Number) }, stale: false });
        expect(await lastBackupAt({ dir: backupDirOf(app.config) })).toEqual(new Date(NOW));
        clock.advance(36 * 3_600_000 + 60_000);
        expect(await status()).toMatchObject({ stale: true });
        clock.set(NOW);
      });

      it('restores only into an empty data directory unless forced, and never under a running process', async () => {
        const [backup] = await listBackups(env.BACKUP_DIR!);
        const other = join(env.BACKUP_DIR!, '..', 'other');
        await expect(restoreBackup({ file: backup!.file, dataDir: env.DATA_DIR!, now: new Date(NOW) })).rejects.toThrow(RestoreRefusedError);
        // A live process (this test's parent) named in the lock holds the directory: not even --force.
        await rm(other, { recursive: true, force: true });
        await restoreBackup({ file: backup!.file, dataDir: other, now: new Date(NOW) });
        await writeFile(join(other, LOCK_FILE), `${process.ppid}\n`);
        await expect(restoreBackup({ file: backup!.file, dataDir: other, force: true, now: new Date(NOW) })).rejects.toThrow(DataDirHeldError);
        await expect(openDatabase({ dataDir: other })).rejects.toThrow(DataDirHeldError);
        await rm(join(other, LOCK_FILE));
        const forced = await restoreBackup({ file: backup!.file, dataDir: other, force: true, now: new Date(NOW) });
        expect(forced.movedAside).toMatch(/other\.before-restore-/);
      }, 60_000);
    }
  });
}
