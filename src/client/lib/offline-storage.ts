import { PRODUCT_NAME } from '../../shared/shell-constants';

// spec part 2, 3: the device database is named after the product plus 'DB' (lib/offline-db.ts opens it). Named here
// again so a page can ask whether it exists without loading the database code (decision 025).
const OFFLINE_DB_NAME = `${PRODUCT_NAME}DB`;

/**
 * Whether this device holds the app's offline database: a rep has used the dashboard here, so bookings may wait to
 * be sent. True when the browser cannot list its databases (then the answer is unknown).
 */
export async function offlineStorageInUse(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}

const openedListeners = new Set<() => void>();

/** Tells `listener` when this tab opens the offline database (a rep's dashboard started using it); returns the unsubscribe. */
export function onOfflineStorageOpened(listener: () => void): () => void {
  openedListeners.add(listener);
  return () => openedListeners.delete(listener);
}

/** Called by lib/offline-db.ts once the database is open. */
export function announceOfflineStorageOpened(): void {
  for (const listener of openedListeners) listener();
}
