import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { listPendingCheckIns, type PendingCheckIn } from '../../../lib/offline-check-in';
import {
  listPendingBookings,
  listPendingCancellations,
  listPendingItems,
  onPendingChange,
  type PendingAppointment,
  type PendingCancellation,
  type PendingItem,
} from '../../../lib/offline-queue';

/**
 * What `read` finds waiting on this device (only `repId`'s when given), read again whenever the queue changes in
 * this tab and every 30 s (spec part 2, 9), which also catches changes made by other tabs.
 */
function usePending<T>(read: (repId?: number) => Promise<T[]>, repId?: number): T[] {
  const [pending, setPending] = useState<T[]>([]);
  useEffect(() => {
    let alive = true;
    const refresh = () => {
      void read(repId).then((list) => alive && setPending(list));
    };
    refresh();
    const off = onPendingChange(refresh);
    const timer = window.setInterval(refresh, TIMINGS.pendingCountRefreshMs);
    return () => {
      alive = false;
      off();
      window.clearInterval(timer);
    };
  }, [read, repId]);
  return pending;
}

/** The bookings waiting on this device. */
export const usePendingBookings = (repId?: number): PendingAppointment[] => usePending(listPendingBookings, repId);

/** The cancellations waiting on this device (decision 033). */
export const usePendingCancellations = (repId?: number): PendingCancellation[] => usePending(listPendingCancellations, repId);

/** The check-ins waiting on this device (docs/decisions/041). */
export const usePendingCheckIns = (repId?: number): PendingCheckIn[] => usePending(listPendingCheckIns, repId);

/** Everything waiting on this device, bookings, cancellations and check-ins (the connectivity badge's count). */
export const usePendingItems = (repId?: number): PendingItem[] => usePending(listPendingItems, repId);
