import { timeInIndia } from '../../../../shared/dates';
import { i18n } from '../../../lib/i18n';

// The words of the waitlist and of moving a visit on the rep's screens (docs/decisions/043-rescheduling-and-waitlist.md).
// The server's answers carry their own messages (src/shared/booking/waitlist.ts); these are what the screens add, in
// the active language: the functions translate when called, the constants are marked and translated where shown.

/** An offer's time left is shown in whole minutes, so it is worked out again every 30 s. */
export const OFFER_TICK_MS = 30_000;

/** The selected day's panel, once the rep waits for it. */
export const placeText = (position: number) => i18n._('You are #{position} on the waitlist', { position });

/** My Appointments' waitlist, an entry still waiting. */
export const lineText = (position: number) => i18n._('Position {position} in line', { position });

export const OFFER_TITLE = /*i18n*/ 'A slot is free for you';
export const OFFER_EXPIRED = /*i18n*/ 'This offer has expired.';

/** '1 h 5 min left', '2 h left', '45 min left'; 'Expired' once `msLeft` is spent. Minutes rounded up: 30 s left is '1 min left'. */
export function timeLeftText(msLeft: number): string {
  if (msLeft <= 0) return i18n._('Expired');
  const minutes = Math.ceil(msLeft / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return i18n._('{minutes} min left', { minutes: m });
  return m === 0 ? i18n._('{hours} h left', { hours: h }) : i18n._('{hours} h {minutes} min left', { hours: h, minutes: m });
}

/** 'held until 17:45', the instant an offer ends, in India's time as every time on the screens. */
export const heldUntilText = (expiresAt: string) => i18n._('Held for you until {time}', { time: timeInIndia(new Date(expiresAt)) });

/** Why a button that needs the network waits (the offline state, spec part 2, 4). */
export const NEEDS_NETWORK = /*i18n*/ 'You are offline. This needs the network.';
export const RESCHEDULE_NEEDS_NETWORK = /*i18n*/ 'You are offline. Rescheduling needs the network.';
