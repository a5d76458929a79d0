import type { AppKeys, Deps } from './deps';
import { loadVapidKeys } from './modules/notifications/push.keys';
import { loadReceiptKey } from './modules/visits/receipts.keys';

// The app's keys (deps.ts AppKeys), made once per built app by buildApp rather than kept on module-level maps by
// database (docs/decisions/063): what state an app holds is declared with its Deps, and a test or a second instance
// builds its own.

export function createAppKeys(deps: Pick<Deps, 'db' | 'config' | 'log'>): AppKeys {
  return { receipt: keptOnceRead(() => loadReceiptKey(deps)), vapid: keptOnceRead(() => loadVapidKeys(deps)) };
}

/** `read` once, its answer kept; a failure is not kept (the database may be back on the next call). */
function keptOnceRead<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () => {
    if (kept) return kept;
    const reading = read();
    kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  };
}
