import { TIMINGS } from '../../shared/constants';
import { ApiError, NetworkError } from './api';
import { getOfflineDb, logOfflineFailure } from './offline-db';

// spec part 2, 3, 7 and 9: answers a rep needs in the field are kept in the cachedData store for 60 minutes
// (never in the service worker's cache, which every user of the device shares).

const minutes = (n: number) => n * 60_000;

export async function setCachedData<T>(key: string, data: T, lifetimeMinutes: number = TIMINGS.offlineCacheMinutes, now = Date.now()): Promise<void> {
  try {
    const db = await getOfflineDb();
    await db.put('cachedData', { key, data, expiry: now + minutes(lifetimeMinutes), timestamp: now });
  } catch (err) {
    logOfflineFailure('cache write', err);
  }
}

/** The cached value, or null when missing, expired (then removed) or unreadable. */
export async function getCachedData<T>(key: string, now = Date.now()): Promise<T | null> {
  try {
    const db = await getOfflineDb();
    const entry = await db.get('cachedData', key);
    if (!entry) return null;
    if (entry.expiry <= now) {
      await db.delete('cachedData', key);
      return null;
    }
    return entry.data as T;
  } catch (err) {
    logOfflineFailure('cache read', err);
    return null;
  }
}

export async function removeCachedData(key: string): Promise<void> {
  try {
    const db = await getOfflineDb();
    await db.delete('cachedData', key);
  } catch (err) {
    logOfflineFailure('cache remove', err);
  }
}

/** Removes every expired entry; returns how many went. */
export async function clearExpiredCache(now = Date.now()): Promise<number> {
  try {
    const db = await getOfflineDb();
    const tx = db.transaction('cachedData', 'readwrite');
    let removed = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.expiry <= now) {
        await cursor.delete();
        removed += 1;
      }
    }
    await tx.done;
    return removed;
  } catch (err) {
    logOfflineFailure('cache clear expired', err);
    return 0;
  }
}

/** Empties the cache (logout: the next person on this device must not read this rep's answers). */
export async function clearCache(): Promise<void> {
  try {
    const db = await getOfflineDb();
    await db.clear('cachedData');
  } catch (err) {
    logOfflineFailure('cache clear', err);
  }
}

/** True when a call failed for want of a network (or a server that could not answer), not by a refusal. */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof ApiError) return err.status >= 500;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Calls `fetcher`; a fresh answer is remembered under `key`, and when the network fails the remembered answer
 * (if younger than its lifetime) is returned instead. A refusal (4xx) is never masked by an old answer.
 */
export async function withOfflineCache<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    const data = await fetcher();
    void setCachedData(key, data);
    return data;
  } catch (err) {
    if (!isNetworkFailure(err)) throw err;
    const cached = await getCachedData<T>(key);
    if (cached !== null) return cached;
    throw err;
  }
}
