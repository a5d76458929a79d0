import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb } from '../../../lib/offline-db';
import { getMe, type Me } from '../api/me-fetch';
import { meQueryKey } from '../api/keys';
import { storeSignedInSession } from './refresh-session';

const session = {
  userType: 'medrep',
  user: { id: 7, fullName: 'Ravi Kumar', email: 'ravi@example.com' },
  termsAccepted: true,
} as unknown as Me;

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  vi.restoreAllMocks();
});

describe('storeSignedInSession (decisions 019, 047)', () => {
  it('puts the login answer in the session cache and on the device, so a read without a network still finds it', async () => {
    const qc = new QueryClient();
    await storeSignedInSession(qc, session);
    expect(qc.getQueryData(meQueryKey)).toEqual(session);

    // A reload without a network: no query cache, the fetch fails.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await getMe()).toEqual(session);
  });
});
