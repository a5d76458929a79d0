import { announceKeys, dropKeysHere } from '../cache/invalidation';
import type { Db, Tx } from './client';

// The one way to write (docs/decisions/062-one-write-path.md): a transaction that carries the cache keys of the rows
// written in it. Repo writers add the keys of what they wrote (from their RETURNING rows, cache-keys.ts `keysOf*`);
// withWrite announces them inside the transaction (pg_notify, and the change-feed rows behind a transaction pooler,
// decision 058) and drops them from this instance's caches after the commit. A rollback announces nothing. Services
// hand `w` to repos and never see a key.

/** The write transaction: drizzle's transaction, plus the keys of the cached rows written in it. */
export type Write = Tx & {
  /** Repos only: the cache keys of rows just written (decision 016's keys, cache-keys.ts). */
  changed(...keys: string[]): void;
  /** A savepoint inside this write (its keys stay with the write: announcing a key whose row was rolled back costs one reload). */
  savepoint<T>(fn: (w: Write) => Promise<T>): Promise<T>;
};

/** Marks a transaction made by withWrite, so code handed any `DbOrTx` can tell a write from the plain database. */
const WRITE = Symbol('write');

/** Whether `db` is a write transaction: its keys then go out at its commit, not now. */
export const isWrite = (db: object): db is Write => WRITE in db;

function writeOf(tx: Tx, keys: Set<string>): Write {
  return Object.assign(tx, {
    [WRITE]: true,
    changed(...more: string[]) {
      for (const k of more) keys.add(k);
    },
    savepoint<T>(fn: (w: Write) => Promise<T>): Promise<T> {
      return tx.transaction((sp) => fn(writeOf(sp, keys)));
    },
  });
}

/** Runs `fn` in one transaction of `deps.db`; the keys its repo writers add are announced at its commit, none on rollback. */
export async function withWrite<T>(deps: { db: Db }, fn: (w: Write) => Promise<T>): Promise<T> {
  const { db } = deps;
  const keys = new Set<string>();
  const result = await db.transaction(async (tx) => {
    const out = await fn(writeOf(tx, keys));
    await announceKeys(db, tx, keys);
    return out;
  });
  dropKeysHere(db, keys);
  return result;
}
