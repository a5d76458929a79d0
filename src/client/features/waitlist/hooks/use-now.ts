import { useEffect, useState } from 'react';

/** Date.now(), read again every `everyMs` while `active` (an offer's countdown, docs/decisions/043). */
export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, everyMs);
    // Becoming active reads the clock at once, not at the first tick.
    const first = window.setTimeout(tick, 0);
    return () => (window.clearInterval(timer), window.clearTimeout(first));
  }, [everyMs, active]);
  return now;
}
