import { AppError } from '../errors';

/**
 * The opaque cursor of keyset pagination (docs/decisions/022): the sort key of the last row of a page, as a
 * base64url JSON array. The next page asks for rows strictly after it in the same order, so pages neither
 * overlap nor skip when rows are inserted between two requests, and no page costs more than its own rows.
 */
export type CursorValue = string | number | null;

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The sort key a cursor holds, checked against the kinds the list expects; anything else is a 400. */
export function decodeCursor<const K extends readonly ('string' | 'number')[]>(
  cursor: string,
  kinds: K,
): { [I in keyof K]: K[I] extends 'number' ? number : string } {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('invalid_cursor');
  }
  if (!Array.isArray(values) || values.length !== kinds.length || values.some((v, i) => typeof v !== kinds[i])) {
    throw new AppError('invalid_cursor');
  }
  return values as { [I in keyof K]: K[I] extends 'number' ? number : string };
}

/** A serial id read from a cursor: a positive 32-bit integer, as every id is; anything else was not made by a list. */
export function cursorId(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw new AppError('invalid_cursor');
  return value;
}

/**
 * Reads one row more than the page holds to learn whether another page follows without counting.
 * `rows` is the answer of a query with `limit + 1`.
 */
export function pageOf<R>(rows: R[], limit: number, keyOf: (row: R) => readonly CursorValue[]): { items: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(keyOf(items[items.length - 1]!)) };
}
