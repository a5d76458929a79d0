import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { medicalReps } from '../db/schema';
import { migrateDatabase } from '../db/migrate';
import { hashPassword } from '../modules/auth/password';
import { countMainTables, MAIN_TABLES, type TableCounts } from './table-counts';

// The PostgreSQL restore drill (`npm run restore-drill`, docs/operations.md, docs/decisions/060): a backup is only one
// once it has been restored. It dumps the live database with pg_dump -Fc inside an exported snapshot, so the counts it
// takes in that snapshot are exactly what the dump holds whatever the app writes meanwhile; restores it with pg_restore
// into a scratch database on the same server; runs the app's migrations on it; compares the main tables' counts; signs
// a rep in through the app's own login route (with a password set in the scratch copy only); then drops the scratch
// database, also when a step failed. It needs a direct connection (not a pooler in transaction mode: the snapshot is a
// session's) and a role that may create databases.

const run = promisify(execFile);

export interface DrillReport {
  scratch: string;
  dumpBytes: number;
  live: TableCounts;
  restored: TableCounts;
  countsMatch: boolean;
  /** The rep signed in as, or null when the database has no verified, active rep to try. */
  signedInAs: string | null;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function runRestoreDrill(o: { url: string; log?: (line: string) => void }): Promise<DrillReport> {
  const log = o.log ?? (() => {});
  const scratch = `repvisit_drill_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const scratchUrl = withDatabase(o.url, scratch);
  const work = await mkdtemp(join(tmpdir(), 'repvisit-drill-'));
  const dumpFile = join(work, 'live.dump');
  const live = new pg.Client({ connectionString: o.url });
  await live.connect();
  let created = false;
  try {
    await live.query('begin isolation level repeatable read read only');
    const { rows } = await live.query<{ id: string }>('select pg_export_snapshot() as id');
    const liveCounts = await countIn(live);
    await run('pg_dump', ['-Fc', '--no-owner', '--no-acl', `--snapshot=${rows[0]!.id}`, '-f', dumpFile, o.url]);
    await live.query('commit');
    const { size: dumpBytes } = await stat(dumpFile);
    log(`dumped the live database: ${dumpBytes} bytes`);

    await live.query(`create database ${scratch}`);
    created = true;
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '-d', scratchUrl, dumpFile]);
    log(`restored into ${scratch}`);

    const database = await openDatabase({ url: scratchUrl, dataDir: 'unused', poolSize: 2 });
    let restored: TableCounts;
    let signedInAs: string | null = null;
    try {
      await migrateDatabase(database);
      restored = await countMainTables(database.db);
      signedInAs = await signInOnce(database, scratchUrl);
    } finally {
      await database.close();
    }
    const countsMatch = MAIN_TABLES.every((t) => liveCounts[t] === restored[t]);
    log(`counts ${countsMatch ? 'match' : 'DIFFER'}: ${MAIN_TABLES.map((t) => `${t} ${liveCounts[t]}/${restored[t]}`).join(', ')}`);
    log(signedInAs ? `signed in as ${signedInAs}` : 'no verified, active rep to sign in as: sign-in not tried');
    return { scratch, dumpBytes, live: liveCounts, restored, countsMatch, signedInAs };
  } finally {
    if (created) await live.query(`drop database if exists ${scratch} with (force)`);
    await live.end();
    await rm(work, { recursive: true, force: true });
  }
}

async function countIn(client: pg.Client): Promise<TableCounts> {
  const selects = MAIN_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ');
  const { rows } = await client.query<TableCounts>(`select ${selects}`);
  return rows[0]!;
}

/**
 * Signs a rep in on the restored copy through the app's login route: the app starts on it, reads its accounts and
 * writes a session. The password is set in the scratch copy only. Nothing leaves the machine: the app runs without
 * SMTP, WhatsApp or push settings, so a message its outbox worker finds is only logged, and the jobs are off.
 */
async function signInOnce(database: Database, url: string): Promise<string | null> {
  const [rep] = await database.db
    .select({ id: medicalReps.id, email: medicalReps.email })
    .from(medicalReps)
    .where(and(eq(medicalReps.emailVerified, true), eq(medicalReps.status, 'active')))
    .orderBy(medicalReps.id)
    .limit(1);
  if (!rep) return null;
  const password = `Drill-${randomBytes(9).toString('base64url')}1!`;
  await database.db
    .update(medicalReps)
    .set({ password: await hashPassword(password) })
    .where(eq(medicalReps.id, rep.id));
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS_ENABLED: 'false' });
  const app = await buildApp({ config, database });
  try {
    const res = await app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password } });
    if (res.statusCode !== 200) throw new Error(`Sign-in on the restored copy answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return rep.email;
  } finally {
    await app.close();
  }
}
