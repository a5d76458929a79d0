import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';
import { namesStatements } from './statement-names';

// Small helpers the repos share.

/**
 * A named prepared statement, made once per database: PostgreSQL parses and plans it once per connection
 * instead of on every call (~3x more lookups per second for the joins behind the read caches,
 * docs/decisions/015-read-caches.md). Null inside a transaction, whose connection is only lent, and behind a
 * pooler in transaction mode (above): the caller runs its plain query there.
 */
export function preparedOnce<P>(build: (db: Db) => P): (db: DbOrTx) => P | null {
  const byDb = new WeakMap<object, P>();
  return (db) => {
    if (db instanceof PgTransaction || !namesStatements(db)) return null;
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = build(db)));
    return prepared;
  };
}

/** A query's parameter: a value, or a placeholder of its prepared statement (preparedOnce). */
export type Param<T> = T | Placeholder;

/** `(a, b) in ((x1, y1), (x2, y2), ...)`: the batched reads of (clinic, doctor) pairs. */
export const pairIn = (a: AnyColumn, b: AnyColumn, pairs: ReadonlyArray<readonly [number, number]>): SQL =>
  sql`(${a}, ${b}) in (${sql.join(
    pairs.map(([x, y]) => sql`(${x}, ${y})`),
    sql`, `,
  )})`;

/** Rows grouped under a key, keeping their order. */
export function groupRows<R, T>(rows: R[], keyOf: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = out.get(k);
    if (list) list.push(map(row));
    else out.set(k, [map(row)]);
  }
  return out;
}

/** A timestamptz column as the ISO instant the wire schemas carry ("2026-11-27T10:12:00.000Z"), null stays null. */
export const isoInstant = (column: AnyColumn) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
