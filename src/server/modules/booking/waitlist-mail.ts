import type { OutgoingMail, OutgoingPush } from '../../outbox/outbox';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDisplayDate, timeInIndia, todayInIndia, weekdayName } from '../../../shared/dates';
import { visitDateText } from '../../../shared/booking/visit-label';

// The message that tells the first rep in line a slot of the day they wait for is held for them (docs/decisions/043):
// an e-mail always, a web push where the rep allows it; both queued with the offer (docs/decisions/028).

/** Where the rep accepts or declines an offer: My Appointments (src/client/features/rep/lib/rep-links.ts). */
export const MY_APPOINTMENTS_PATH = '/medrep-dashboard?tab=appointments';

export interface OfferDetails {
  entryId: number;
  repId: number;
  repName: string;
  repEmail: string;
  doctorName: string;
  clinicName: string;
  clinicCity: string;
  date: string;
  heldStartTime: string | null;
  offerExpiresAt: Date;
  holdMinutes: number;
}

/** "2 hours", "45 minutes", "1 hour 30 minutes". */
export function holdText(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return plural(m, 'minute');
  return m === 0 ? plural(h, 'hour') : `${plural(h, 'hour')} ${plural(m, 'minute')}`;
}

/** "12:30 (IST) on 02/03/2026": when the hold ends, in India. */
const untilText = (o: OfferDetails) => `${timeInIndia(o.offerExpiresAt)} (IST) on ${formatDisplayDate(todayInIndia(o.offerExpiresAt))}`;

export function offerMail(o: OfferDetails, appUrl: string): OutgoingMail {
  const when = `${weekdayName(o.date)}, ${visitDateText(o.date, o.heldStartTime)}`;
  const text = [
    `Hello ${o.repName},`,
    '',
    `A slot is free with ${o.doctorName} at ${o.clinicName}, ${o.clinicCity} on ${when}, and you are next on the waitlist: it is held for you.`,
    '',
    `You have ${holdText(o.holdMinutes)} to book it, until ${untilText(o)}. Book it under My Appointments:`,
    `${appUrl}${MY_APPOINTMENTS_PATH}`,
    '',
    'If you do not book it by then, it goes to the next rep in line. If you no longer need it, decline it there so the next rep gets it sooner.',
    '',
    PRODUCT_NAME,
  ].join('\n');
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: `A slot is free: ${o.doctorName} on ${formatDisplayDate(o.date)}`,
    text,
    templateType: 'waitlist_offer',
  };
}

export function offerPush(o: OfferDetails): OutgoingPush {
  const title = 'A slot is free';
  return {
    repId: o.repId,
    recipientEmail: o.repEmail,
    recipientName: o.repName,
    title,
    templateType: 'waitlist_offer',
    payload: {
      title,
      body: `${o.doctorName} at ${o.clinicName} on ${visitDateText(o.date, o.heldStartTime)} is held for you until ${untilText(o)}. Book it now.`,
      url: MY_APPOINTMENTS_PATH,
      // One notice per offer: a second push of the same offer replaces it rather than stacking.
      tag: `waitlist-offer-${o.entryId}`,
    },
  };
}
