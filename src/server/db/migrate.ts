import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
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
