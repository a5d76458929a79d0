import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { cacheChanges } from '../db/schema';
import { busOf, CACHE_CHANNEL } from './cache-bus';

// How a writer keeps the read caches true (docs/decisions/016-keyed-read-caches.md): inside its own
// transaction it announces the keys it changes (`pg_notify`, delivered to every instance at commit, dropped
// on rollback), and right after the commit this instance drops them itself (read-your-writes here, before
// the notification comes back).

/**
 * `select pg_notify(channel, key), ...`: one statement in the writer's transaction `tx` of `db`. Where `db`'s instances
 * poll the feed as rows (behind a pooler in transaction mode, decision 058), the keys are written there too, in the
 * same transaction.
 */
export async function announceKeys(db: Db, tx: DbOrTx, keys: Iterable<string>): Promise<void> {
  const list = [...new Set(keys)];
  if (list.length === 0) return;
  await tx.execute(
    sql`select ${sql.join(
      list.map((k) => sql`pg_notify(${CACHE_CHANNEL}, ${k})`),
      sql`, `,
    )}`,
  );
  if (busOf(db)?.feed === 'table') await tx.insert(cacheChanges).values(list.map((key) => ({ key })));
}

/** Drops `keys` from this instance's caches (after the commit that changed them). */
export function dropKeysHere(db: Db, keys: Iterable<string>): void {
  const bus = busOf(db);
  if (bus) for (const k of keys) bus.invalidate(k);
}
