import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

// Small helpers the repos share.

/** A query's parameter: a value, or a placeholder (`sql.placeholder`, as the EXPLAIN tests may pass). */
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
