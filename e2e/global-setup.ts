import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MIGRATED_DATA_DIR_ENV, startServer } from './server';

// The journeys run the compiled server, as production does (e2e/server.ts). Building it takes about a second, so it
// is built before every run: a journey never meets a server older than the source. Then one server start migrates a
// database for the whole run, and every journey's server starts on a copy of it: 2 s instead of 6 s a server
// (docs/decisions/084-test-workers-reused.md).
export default async function globalSetup(): Promise<() => void> {
  execFileSync(process.execPath, ['--import', 'tsx', 'build/server.ts'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'repvisit-e2e-migrated-'));
  await (await startServer({ DATA_DIR: dir })).stop();
  // What that start wrote besides the schema goes, so each copy is what a first start finds: the migrated tables, empty.
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await db.exec('delete from job_runs');
  } finally {
    await db.close();
  }
  process.env[MIGRATED_DATA_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
