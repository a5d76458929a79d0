import { CloudOff, Wifi } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { useOnlineStatus } from '../hooks/use-online-status';
import { usePendingItems } from '../hooks/use-pending-bookings';

/**
 * spec part 2, 2.8 and 4: offline shows 'Offline mode' with the pending-appointment count; coming back shows
 * 'Connected' for 3 s, then nothing. The live region stays mounted so screen readers hear each change.
 */
export function ConnectivityBadge() {
  const { i18n } = useI18n();
  const online = useOnlineStatus();
  // Bookings and cancellations alike wait to be sent (decision 033).
  const pending = usePendingItems().length;
  // 'Connected' shows from the moment the device comes back online until the timer hides it; the state is
  // adjusted while rendering when `online` changes, so no effect sets state synchronously.
  const [wasOnline, setWasOnline] = useState(online);
  const [connectedShown, setConnectedShown] = useState(false);
  if (online !== wasOnline) {
    setWasOnline(online);
    setConnectedShown(online);
  }
  useEffect(() => {
    if (!connectedShown) return;
    const timer = window.setTimeout(() => setConnectedShown(false), TIMINGS.connectedBadgeMs);
    return () => window.clearTimeout(timer);
  }, [connectedShown]);
  const state = !online ? 'offline' : connectedShown ? 'connected' : 'hidden';

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-3 start-3 z-40 print:hidden" data-testid="connectivity-badge">
      {state === 'offline' && (
        <span className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 shadow-md ring-1 ring-amber-300 dark:bg-amber-900 dark:text-amber-50 dark:ring-amber-700">
          <CloudOff className="h-4 w-4" aria-hidden />
          {i18n._('Offline mode')}
          {pending > 0 && (
            <span className="rounded-full bg-amber-800 px-2 py-0.5 text-xs text-white dark:bg-amber-200 dark:text-amber-950">
              {i18n._('{count} pending', { count: formatNumber(pending) })}
            </span>
          )}
        </span>
      )}
      {state === 'connected' && (
        <span className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1.5 text-sm font-medium text-emerald-900 shadow-md ring-1 ring-emerald-300 dark:bg-emerald-900 dark:text-emerald-50 dark:ring-emerald-700">
          <Wifi className="h-4 w-4" aria-hidden />
          {i18n._('Connected')}
        </span>
      )}
    </div>
  );
}
