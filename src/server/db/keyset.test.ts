import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { decodeCursor, encodeCursor, pageOf } from './keyset';

describe('keyset cursors', () => {
  it('gives back the sort key it was made from', () => {
    const cursor = encodeCursor(['2026-11-23T10:00:00.000Z', 42]);
    expect(decodeCursor(cursor, ['string', 'number'] as const)).toEqual(['2026-11-23T10:00:00.000Z', 42]);
  });

  it.each([['not base64 json'], [encodeCursor([1, 2])], [encodeCursor(['a'])], [Buffer.from('{"a":1}').toString('base64url')]])(
    'refuses a cursor it did not make (%s) with invalid_cursor',
    (cursor) => {
      expect(() => decodeCursor(cursor, ['string', 'number'] as const)).toThrow(AppError);
      try {
        decodeCursor(cursor, ['string', 'number'] as const);
      } catch (error) {
        expect((error as AppError).code).toBe('invalid_cursor');
        expect((error as AppError).status).toBe(400);
      }
    },
  );

  it('says a next page follows only when the query found one row more than the limit', () => {
    expect(pageOf([1, 2], 2, (n) => [n])).toEqual({ items: [1, 2], nextCursor: null });
    const page = pageOf([1, 2, 3], 2, (n) => [n]);
    expect(page.items).toEqual([1, 2]);
    expect(decodeCursor(page.nextCursor!, ['number'] as const)).toEqual([2]);
  });
});
