import type { OutgoingMail, OutgoingPush } from '../../outbox/outbox';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDisplayDate } from '../../../shared/dates';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { i18nFor, listWordIn } from '../../i18n';
import { dayIn, indianTimeIn, visitDateIn } from '../../message-dates';

// The message that tells the first rep in line a slot of the day they wait for is held for them (docs/decisions/043):
// an e-mail always, a web push where the rep allows it; both queued with the offer (docs/decisions/028), in the rep's
// language (docs/decisions/045).

/** Where the rep accepts or declines an offer: My Appointments (src/client/features/visits/lib/visit-links.ts). */
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
  /** The rep's language; English when absent. */
  locale?: Locale;
}

/** "2 hours", "45 minutes", "1 hour 30 minutes". */
export function holdText(minutes: number, locale: Locale = DEFAULT_LOCALE): string {
  const i18n = i18nFor(locale);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = () => i18n._('{count, plural, one {# hour} other {# hours}}', { count: h });
  const mins = () => i18n._('{count, plural, one {# minute} other {# minutes}}', { count: m });
  if (h === 0) return mins();
  return m === 0 ? hours() : i18n._('{hours} {minutes}', { hours: hours(), minutes: mins() });
}

export function offerMail(o: OfferDetails, appUrl: string): OutgoingMail {
  const locale = o.locale ?? DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: o.repName }),
    '',
    i18n._('A slot is free with {doctor} at {clinic}, {city} on {day}, and you are next on the waitlist: it is held for you.', {
      doctor: o.doctorName,
      clinic: o.clinicName,
      city: listWordIn(i18n, o.clinicCity),
      day: dayIn(locale, o.date, o.heldStartTime),
    }),
    '',
    i18n._('You have {hold} to book it, until {until}. Book it under My Appointments:', {
      hold: holdText(o.holdMinutes, locale),
      until: indianTimeIn(locale, o.offerExpiresAt),
    }),
    `${appUrl}${MY_APPOINTMENTS_PATH}`,
    '',
    i18n._('If you do not book it by then, it goes to the next rep in line. If you no longer need it, decline it there so the next rep gets it sooner.'),
    '',
    PRODUCT_NAME,
  ].join('\n');
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: i18n._('A slot is free: {doctor} on {date}', { doctor: o.doctorName, date: formatDisplayDate(o.date) }),
    text,
    templateType: 'waitlist_offer',
  };
}

export function offerPush(o: OfferDetails): OutgoingPush {
  const locale = o.locale ?? DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const title = i18n._('A slot is free');
  return {
    repId: o.repId,
    recipientEmail: o.repEmail,
    recipientName: o.repName,
    title,
    templateType: 'waitlist_offer',
    payload: {
      title,
      body: i18n._('{doctor} at {clinic} on {date} is held for you until {until}. Book it now.', {
        doctor: o.doctorName,
        clinic: o.clinicName,
        date: visitDateIn(locale, o.date, o.heldStartTime),
        until: indianTimeIn(locale, o.offerExpiresAt),
      }),
      url: MY_APPOINTMENTS_PATH,
      // One notice per offer: a second push of the same offer replaces it rather than stacking.
      tag: `waitlist-offer-${o.entryId}`,
    },
  };
}

/** The offer that ran out (docs/decisions/050): a lapsed offer is told, not left to vanish. */
export interface ExpiredOfferDetails {
  entryId: number;
  repId: number;
  repName: string;
  repEmail: string;
  doctorName: string;
  clinicName: string;
  clinicCity: string;
  date: string;
  heldStartTime: string | null;
  locale?: Locale;
}

export function offerExpiredMail(o: ExpiredOfferDetails, appUrl: string): OutgoingMail {
  const locale = o.locale ?? DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: o.repName }),
    '',
    i18n._('The slot held for you with {doctor} at {clinic}, {city} on {day} was not booked in time, so it has gone to the next rep in line.', {
      doctor: o.doctorName,
      clinic: o.clinicName,
      city: listWordIn(i18n, o.clinicCity),
      day: dayIn(locale, o.date, o.heldStartTime),
    }),
    '',
    i18n._('Your waitlist is under My Appointments:'),
    `${appUrl}${MY_APPOINTMENTS_PATH}`,
    '',
    PRODUCT_NAME,
  ].join('\n');
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: i18n._('Offer expired: {doctor} on {date}', { doctor: o.doctorName, date: formatDisplayDate(o.date) }),
    text,
    templateType: 'waitlist_offer_expired',
  };
}

export function offerExpiredPush(o: ExpiredOfferDetails): OutgoingPush {
  const locale = o.locale ?? DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const title = i18n._('Offer expired');
  return {
    repId: o.repId,
    recipientEmail: o.repEmail,
    recipientName: o.repName,
    title,
    templateType: 'waitlist_offer_expired',
    payload: {
      title,
      body: i18n._('The slot with {doctor} at {clinic} on {date} was not booked in time and has gone to the next rep in line.', {
        doctor: o.doctorName,
        clinic: o.clinicName,
        date: visitDateIn(locale, o.date, o.heldStartTime),
      }),
      url: MY_APPOINTMENTS_PATH,
      // Replaces the offer's own notice, which no longer holds.
      tag: `waitlist-offer-${o.entryId}`,
    },
  };
}
