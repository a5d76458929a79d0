import { timeInIndia } from '../../../../shared/dates';

// The words of the waitlist and of moving a visit on the rep's screens (docs/decisions/043-rescheduling-and-waitlist.md).
// The server's answers carry their own messages (src/shared/booking/waitlist.ts); these are what the screens add.

/** An offer's time left is shown in whole minutes, so it is worked out again every 30 s. */
export const OFFER_TICK_MS = 30_000;

/** The selected day's panel, once the rep waits for it. */
export const placeText = (position: number) => `You are #${position} on the waitlist`;

/** My Appointments' waitlist, an entry still waiting. */
export const lineText = (position: number) => `Position ${position} in line`;

export const OFFER_TITLE = 'A slot is free for you';
export const OFFER_EXPIRED = 'This offer has expired.';

/** '1 h 5 min left', '2 h left', '45 min left'; 'Expired' once `msLeft` is spent. Minutes rounded up: 30 s left is '1 min left'. */
export function timeLeftText(msLeft: number): string {
  if (msLeft <= 0) return 'Expired';
  const minutes = Math.ceil(msLeft / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min left`;
  return m === 0 ? `${h} h left` : `${h} h ${m} min left`;
}

/** 'held until 17:45', the instant an offer ends, in India's time as every time on the screens. */
export const heldUntilText = (expiresAt: string) => `Held for you until ${timeInIndia(new Date(expiresAt))}`;

/** Why a button that needs the network waits (the offline state, spec part 2, 4). */
export const NEEDS_NETWORK = 'You are offline. This needs the network.';
export const RESCHEDULE_NEEDS_NETWORK = 'You are offline. Rescheduling needs the network.';
