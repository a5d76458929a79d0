// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb, getOfflineDb } from '../../../lib/offline-db';
import { queueBooking } from '../../../lib/offline-queue';
import { ConnectivityBadge } from './connectivity-badge';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const booking = { doctorId: 1, clinicId: 2, repId: 3, appointmentDate: '2026-03-04', doctorName: 'Dr. Asha Rao' };

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  // Only the page's timers are faked; the fake IndexedDB keeps its own scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setOnline(true);
});

describe('ConnectivityBadge (spec part 2, 4 and 9)', () => {
  it('shows nothing while online from the start', () => {
    setOnline(true);
    render(<ConnectivityBadge />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows 'Offline mode' with the pending count, then 'Connected' for 3 s after reconnecting", async () => {
    setOnline(true);
    render(<ConnectivityBadge />);
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Offline mode');
    await act(async () => {
      await queueBooking(booking);
    });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Offline mode1 pending'));

    setOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
    act(() => {
      vi.advanceTimersByTime(2_999);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('reads the count again every 30 s (changes made by other tabs)', async () => {
    setOnline(false);
    render(<ConnectivityBadge />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline mode');
    // Written straight to the store, as another tab would: no change event in this tab.
    const db = await getOfflineDb();
    await db.put('pendingAppointments', { id: 'appointment_1_other', data: booking, timestamp: 1 });
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('status')).not.toHaveTextContent('pending');
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 pending'));
  });
});
