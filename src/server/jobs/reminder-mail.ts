import { appDashboardHint, dayText } from './reminder-texts';
import { formatDisplayDate } from '../../shared/dates';
import { PLANS, PRODUCT_NAME } from '../../shared/constants';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales';
import type { OutgoingMail } from '../outbox/outbox';
import { displayPhone } from '../../shared/schemas/phone';
import { visitLabel } from '../../shared/booking/visit-label';
import { i18nFor, listWordIn } from '../i18n';
import { visitDateIn } from '../message-dates';

// The texts of the scheduled e-mails, in the reader's language (docs/decisions/045-languages.md). Short, plain, with
// what the reader needs and how to stop them.

export interface VisitLine {
  date: string;
  /** "HH:MM" inside visiting hours, else null; token: the place in the doctor's day (docs/decisions/039) */
  startTime: string | null;
  token: number | null;
  doctorName: string;
  doctorSpecialty: string | null;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
}

/** "15:30, token #2: " before a visit, "Token #2: " without a time; nothing when there is neither. */
export function visitPrefix(v: { startTime: string | null; token: number | null }, locale: Locale = DEFAULT_LOCALE): string {
  const i18n = i18nFor(locale);
  if (v.startTime && v.token) return i18n._('{time}, token #{token}: ', { time: v.startTime, token: v.token });
  if (v.startTime) return `${v.startTime}: `;
  return v.token ? i18n._('Token #{token}: ', { token: v.token }) : '';
}

export function visitReminderMail(o: {
  repId: number;
  repName: string;
  repEmail: string;
  date: string;
  visits: VisitLine[];
  appUrl: string;
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const lines = o.visits.map((v) => {
    const values = {
      doctor: v.doctorName,
      specialty: listWordIn(i18n, v.doctorSpecialty ?? ''),
      clinic: v.clinicName,
      city: listWordIn(i18n, v.clinicCity),
      state: listWordIn(i18n, v.clinicState),
    };
    const visit = v.doctorSpecialty
      ? i18n._('{doctor} ({specialty}) at {clinic}, {city}, {state}', values)
      : i18n._('{doctor} at {clinic}, {city}, {state}', values);
    return `- ${visitPrefix(v, o.locale)}${visit}`;
  });
  const n = o.visits.length;
  const when = n === 1 ? visitDateIn(o.locale, o.date, o.visits[0]!.startTime) : formatDisplayDate(o.date);
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: i18n._('{count, plural, one {Reminder: your visit tomorrow, {when}} other {Reminder: your # visits tomorrow, {when}}}', { count: n, when }),
    text: [
      i18n._('Hello {name},', { name: o.repName }),
      '',
      n === 1
        ? i18n._('This is a reminder of your appointment tomorrow, {day}:', { day: dayText(o.date, o.locale) })
        : i18n._('This is a reminder of your appointments tomorrow, {day}:', { day: dayText(o.date, o.locale) }),
      '',
      ...lines,
      '',
      i18n._('See or cancel them under My Appointments: {url}', { url: `${o.appUrl}/medrep-dashboard` }),
      appDashboardHint(o.locale),
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'reminder',
  };
}

export interface ClinicVisitor {
  doctorName: string;
  doctorSpecialty: string;
  repName: string;
  company: string;
  phone: string;
  status: string;
  startTime: string | null;
  token: number | null;
}

/** "#2 · 15:45" as the clinic's day view shows it; the place in the list when the token is unknown. */
const clinicVisitLabel = (v: ClinicVisitor, place: number) => visitLabel({ token: v.token ?? place, start_time: v.startTime });

export function clinicVisitorsMail(o: {
  clinicId: number;
  clinicName: string;
  contactPerson: string;
  email: string;
  date: string;
  visitors: ClinicVisitor[];
  appUrl: string;
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const byDoctor = new Map<string, ClinicVisitor[]>();
  for (const v of o.visitors) {
    const doctor = `${v.doctorName} (${listWordIn(i18n, v.doctorSpecialty)})`;
    byDoctor.set(doctor, [...(byDoctor.get(doctor) ?? []), v]);
  }
  const sections = [...byDoctor].flatMap(([doctor, list]) => [
    i18n._('{doctor}: {count, plural, one {# visit} other {# visits}}', { doctor, count: list.length }),
    ...list.map((v, i) => `  ${clinicVisitLabel(v, i + 1)} ${v.repName}, ${v.company}, ${displayPhone(v.phone)}`),
    '',
  ]);
  return {
    to: o.email,
    toName: o.contactPerson,
    recipientId: o.clinicId,
    subject: i18n._("Today's medical rep visits at {clinic}, {date}", { clinic: o.clinicName, date: formatDisplayDate(o.date) }),
    text: [
      i18n._('Hello {name},', { name: o.contactPerson }),
      '',
      i18n._('These medical representatives are booked to visit {clinic} today, {day}:', { clinic: o.clinicName, day: dayText(o.date, o.locale) }),
      '',
      ...sections,
      i18n._('The clinic dashboard has the same list: {url}', { url: `${o.appUrl}/clinic/dashboard` }),
      i18n._('You receive this list because e-mail notifications are on in Settings; turn them off there to stop it.'),
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'visitors',
  };
}

export function renewalReminderMail(o: {
  repId: number;
  repName: string;
  repEmail: string;
  expiresAt: Date;
  expiryDate: string;
  appUrl: string;
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(o.locale);
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: i18n._('Your {product} subscription ends on {date}', { product: PRODUCT_NAME, date: formatDisplayDate(o.expiryDate) }),
    text: [
      i18n._('Hello {name},', { name: o.repName }),
      '',
      i18n._('Your {product} subscription ends on {day}. After that you cannot book new appointments.', {
        product: PRODUCT_NAME,
        day: dayText(o.expiryDate, o.locale),
      }),
      '',
      i18n._('Renew it under Settings > Subscription: monthly ₹{monthly} or yearly ₹{yearly} (save ₹{saving} a year).', {
        monthly: PLANS.monthly.priceInr,
        yearly: PLANS.yearly.priceInr,
        saving: PLANS.monthly.priceInr * 12 - PLANS.yearly.priceInr,
      }),
      `${o.appUrl}/medrep-dashboard`,
      '',
      i18n._('To stop renewal reminders, turn them off under Settings > Notifications.'),
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'subscription',
  };
}
