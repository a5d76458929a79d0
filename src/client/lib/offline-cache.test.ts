import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api';
import { clearCache, clearExpiredCache, getCachedData, removeCachedData, setCachedData, withOfflineCache } from './offline-cache';
import { closeOfflineDb, getOfflineDb } from './offline-db';

const MINUTE = 60_000;

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.restoreAllMocks());

describe('the offline cache (cachedData)', () => {
  it('keeps {key, data, expiry, timestamp} for 60 minutes by default', async () => {
    await setCachedData('rep:states', ['Jammu and Kashmir'], undefined, 1_000);
    const db = await getOfflineDb();
    expect(await db.get('cachedData', 'rep:states')).toEqual({ key: 'rep:states', data: ['Jammu and Kashmir'], expiry: 1_000 + 60 * MINUTE, timestamp: 1_000 });
    expect(await getCachedData('rep:states', 1_000 + 60 * MINUTE - 1)).toEqual(['Jammu and Kashmir']);
    expect(await getCachedData('rep:states', 1_000 + 60 * MINUTE)).toBeNull();
    // An expired entry read is gone.
    expect(await db.get('cachedData', 'rep:states')).toBeUndefined();
  });

  it('removes one key, the expired ones, or everything', async () => {
    await setCachedData('a', 1, 5, 0);
    await setCachedData('b', 2, 60, 0);
    await setCachedData('c', 3, 60, 0);
    expect(await clearExpiredCache(10 * MINUTE)).toBe(1);
    expect(await getCachedData('a', 0)).toBeNull();
    await removeCachedData('b');
    expect(await getCachedData('b', 0)).toBeNull();
    expect(await getCachedData('c', 0)).toBe(3);
    await clearCache();
    expect(await getCachedData('c', 0)).toBeNull();
  });

  it('only logs failures (spec part 2, 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await closeOfflineDb();
    // @ts-expect-error: a browser without IndexedDB
    delete globalThis.indexedDB;
    await expect(setCachedData('a', 1)).resolves.toBeUndefined();
    await expect(getCachedData('a')).resolves.toBeNull();
    await expect(removeCachedData('a')).resolves.toBeUndefined();
    await expect(clearExpiredCache()).resolves.toBe(0);
    expect(warn.mock.calls.map((c) => (c[0] as { action: string }).action)).toEqual(['cache write', 'cache read', 'cache remove', 'cache clear expired']);
  });
});

describe('withOfflineCache', () => {
  it('answers from the network and remembers; answers from the cache when the network fails', async () => {
    expect(await withOfflineCache('rep:cities:JK', async () => ['Srinagar'])).toEqual(['Srinagar']);
    await vi.waitFor(async () => expect(await getCachedData('rep:cities:JK')).toEqual(['Srinagar']));
    expect(await withOfflineCache('rep:cities:JK', () => Promise.reject(new NetworkError()))).toEqual(['Srinagar']);
    expect(await withOfflineCache('rep:cities:JK', () => Promise.reject(new ApiError(503, 'down')))).toEqual(['Srinagar']);
  });

  it('passes on a refusal, and a network failure with nothing cached', async () => {
    await setCachedData('k', 'old');
    await expect(withOfflineCache('k', () => Promise.reject(new ApiError(403, 'Forbidden')))).rejects.toThrow('Forbidden');
    await expect(withOfflineCache('none', () => Promise.reject(new NetworkError()))).rejects.toBeInstanceOf(NetworkError);
  });
});
