import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb } from './offline-db';
import { queueBooking } from './offline-queue';
import { offlineStorageInUse } from './offline-storage';

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});

describe('offlineStorageInUse', () => {
  it('is false on a device where the app never stored anything offline', async () => {
    expect(await offlineStorageInUse()).toBe(false);
  });

  it('is true once the offline database exists, as after a booking made without a network', async () => {
    await queueBooking({ doctorId: 3, clinicId: 5, repId: 7, appointmentDate: '2026-03-04' });
    expect(await offlineStorageInUse()).toBe(true);
  });

  it('is true when the browser cannot list its databases (the answer is unknown)', async () => {
    const factory = globalThis.indexedDB as IDBFactory & { databases?: unknown };
    Object.defineProperty(factory, 'databases', { value: undefined });
    expect(await offlineStorageInUse()).toBe(true);
  });
});
