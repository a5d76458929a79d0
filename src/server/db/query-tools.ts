import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

// Small helpers the repos share.

/**
 * A named statement (docs/decisions/071-one-read-path.md): PostgreSQL parses and plans it once per connection (~3x more
 * lookups per second for the joins behind the read caches, decision 015), and it is built once per open database, kept
 * on the handle (`Db.statements`) rather than built again on every call. A transaction has no handle's statements: it
 * builds the same statement on its own connection. Behind a pooler in transaction mode the connection drops the name
 * (db/pg-pool.ts `withoutStatementNames`), so every caller takes this one path.
 */
export function namedStatement<P>(name: string, build: (db: DbOrTx, name: string) => P): (db: DbOrTx) => P {
  return (db) => {
    const kept = 'statements' in db ? db.statements : undefined;
    if (!kept) return build(db, name);
    let statement = kept.get(name) as P | undefined;
    if (!statement) kept.set(name, (statement = build(db, name)));
    return statement;
  };
}

/** A query's parameter: a value, or a placeholder of its named statement (namedStatement). */
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
