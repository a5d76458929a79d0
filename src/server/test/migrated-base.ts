import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// One migrated embedded database per Vitest run (global-setup.ts), in the two forms the suites copy
// (docs/decisions/064-fast-test-loop.md): a tarball an in-memory database starts from, and a data directory a server
// started as a process opens (copied with data-dir.ts).

/**
 * A PGlite data directory, migrated as every database is (db/client.ts, db/migrate.ts), as a tarball: checkpointed, so a
 * database opened from it starts without replaying the migrations' WAL; not compressed, so none spends time inflating it.
 */
export async function migratedTarball(): Promise<Blob> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    return await database.snapshot!('none');
  } finally {
    await database.close();
  }
}

/**
 * Writes `tarball` out as the data directory `dir` (which must be empty): a second migration took 4 s of the run's
 * set-up, unpacking takes one.
 */
export async function writeDataDir(dir: string, tarball: Blob): Promise<void> {
  const database = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: tarball });
  await database.close();
}
