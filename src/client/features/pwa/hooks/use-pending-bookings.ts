import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { listPendingBookings, onPendingChange, type PendingAppointment } from '../../../lib/offline-queue';

/**
 * The bookings waiting on this device (only `repId`'s when given), read again whenever the queue changes in
 * this tab and every 30 s (spec part 2, 9), which also catches changes made by other tabs.
 */
export function usePendingBookings(repId?: number): PendingAppointment[] {
  const [pending, setPending] = useState<PendingAppointment[]>([]);
  useEffect(() => {
    let alive = true;
    const refresh = () => {
      void listPendingBookings(repId).then((list) => alive && setPending(list));
    };
    refresh();
    const off = onPendingChange(refresh);
    const timer = window.setInterval(refresh, TIMINGS.pendingCountRefreshMs);
    return () => {
      alive = false;
      off();
      window.clearInterval(timer);
    };
  }, [repId]);
  return pending;
}
