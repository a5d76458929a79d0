import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { clearExpiredCache } from '../../../lib/offline-cache';
import { listPendingItems, syncPendingBookings } from '../../../lib/offline-queue';
import { getMe } from '../../auth/api/me-fetch';
import { bookingCalendarKeyPrefix } from '../api/keys';
import { repAppointmentsKeyPrefix } from '../api/keys';
import { repVisitsKeyPrefix } from '../../visits/api/keys';
import { reportSync } from '../../pwa/lib/report-sync';

/**
 * Sends the bookings (and cancellations, decision 033, and check-ins, docs/decisions/041) waiting on this device at start-up (when online), each time the network returns
 * (spec part 2, 4) and every 30 s while some wait. Only the signed-in rep's own bookings go, with that rep's
 * session; renders nothing.
 */
export function OfflineSync() {
  const qc = useQueryClient();

  useEffect(() => {
    let alive = true;
    const run = async () => {
      if (!navigator.onLine) return;
      if ((await listPendingItems()).length === 0) return;
      const me = await getMe().catch(() => null);
      if (!alive || me?.userType !== 'medrep') return;
      const result = await syncPendingBookings(me.user.id);
      // Only what was kept for a later try: nothing changed on the server.
      const { kept: _kept, ...done } = result;
      if (Object.values(done).every((list) => list.length === 0)) return;
      await Promise.all([bookingCalendarKeyPrefix, repAppointmentsKeyPrefix, repVisitsKeyPrefix].map((queryKey) => qc.invalidateQueries({ queryKey })));
      reportSync(result);
    };
    const onOnline = () => void run();
    void clearExpiredCache();
    void run();
    window.addEventListener('online', onOnline);
    // A call can fail while the browser still says online (server down, captive portal): no 'online' event
    // follows, so waiting bookings are also retried with the pending-count refresh (spec part 2, 9).
    const timer = window.setInterval(onOnline, TIMINGS.pendingCountRefreshMs);
    return () => {
      alive = false;
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [qc]);

  return null;
}
