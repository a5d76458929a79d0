import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../paths';
import type { Database } from './client';

export const migrationsFolder = migrationsDir;

/** Applies the committed migrations; drizzle-kit's CLI may not support PGlite (STACK.md), so we do it here. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // Not under the requests' statement timeout (decision 012, Database timeouts): a migration may rewrite a large
    // table, or wait for the locks of another instance starting at the same time.
    await database.withoutTimeouts((db) => migratePg(db as unknown as NodePgDatabase, { migrationsFolder }));
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}

let newestShipped: number | undefined;

/**
 * True when the database has every migration this build ships (readiness, GET /api/health; docs/decisions/059): the
 * newest one drizzle recorded is at least as new as the build's newest. Another instance of a newer build may have
 * applied more; that is still ready for this one.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  newestShipped ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    // Both drivers answer { rows }; created_at is a bigint, text on node-postgres.
    const result: unknown = await database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const [row] = (result as { rows: Array<{ newest: string | number | null }> }).rows;
    return Number(row?.newest ?? 0) >= newestShipped;
  } catch {
    return false; // no migrations table yet, or the database away
  }
}
