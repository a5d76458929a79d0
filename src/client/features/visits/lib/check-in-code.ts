// The reception's check-in code on the clinic dashboard (docs/decisions/041-visit-outcomes-and-proof.md).

import { useEffect, useState } from 'react';
import { i18n } from '../../../lib/i18n';

/** Whole seconds until `deadline` (ms since epoch), 0 once passed; ticks each second while a deadline is set. */
export function useSecondsLeft(deadline: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    const tick = () => setNow(Date.now());
    const t = setInterval(tick, 1000);
    // A new deadline reads from the current instant at once, not from the last tick.
    const first = setTimeout(tick, 0);
    return () => (clearInterval(t), clearTimeout(first));
  }, [deadline]);
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 'New code in 1:42'; while the next one is asked for, 'Getting the new code…'. */
export function countdownText(secondsLeft: number): string {
  if (secondsLeft <= 0) return i18n._('Getting the new code…');
  const m = Math.floor(secondsLeft / 60);
  const s = secondsLeft % 60;
  return i18n._('New code in {time}', { time: `${m}:${String(s).padStart(2, '0')}` });
}

/** The check-in link a phone's camera opens (decision 041): it checks in the signed-in rep's visit of today here. */
export const checkInLink = (origin: string, clinicId: number, code: string) => `${origin}/check-in?clinicId=${clinicId}&code=${code}`;
