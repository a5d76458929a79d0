import { describe, expect, it } from 'vitest';
import '../app';
import { READ_CACHES_MAX_BYTES, readCacheDefinitions } from './read-cache';

// Every read cache of the app is bounded by the heap its entries retain, and all of them together by
// READ_CACHES_MAX_BYTES (docs/decisions/080-caches-bounded-by-measured-bytes.md). Importing the app defines them all.

describe("the read caches' byte bounds", () => {
  it('sum to at most READ_CACHES_MAX_BYTES, each one a byte bound with entries to match', () => {
    const defs = [...readCacheDefinitions.values()];
    expect(defs.length).toBeGreaterThanOrEqual(11);
    let sum = 0;
    for (const def of defs) {
      expect(def.maxBytes, def.name).toBeGreaterThan(0);
      // lru-cache allocates `max` slots up front: no more than the bytes could ever fill with 100-byte entries.
      expect(def.max, def.name).toBeLessThanOrEqual(def.maxBytes / 100);
      sum += def.maxBytes;
    }
    expect(sum).toBeLessThanOrEqual(READ_CACHES_MAX_BYTES);
  });
});
