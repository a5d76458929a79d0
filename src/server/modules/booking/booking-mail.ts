import type { Deps } from '../../deps';
import type { OutgoingMail } from '../../outbox/outbox';
import { PRODUCT_NAME } from '../../../shared/constants';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { i18nFor, listWordIn } from '../../i18n';
import { dayIn, visitDateIn } from '../../message-dates';
import { buildVisitIcs } from '../calendar/ics';
import { cancelledVisitAttachment, visitEventOf, type VisitDetails } from '../calendar/visit-calendar';

// The rep's booking confirmation and cancellation e-mails, each with an .ics file, in the rep's language
// (docs/decisions/045-languages.md); the services queue them in the booking's transaction (docs/decisions/028-outbox.md).

type MailDeps = Pick<Deps, 'config'>;

const localeOf = (v: { locale?: Locale }) => v.locale ?? DEFAULT_LOCALE;

// With visiting hours the visit's time goes wherever its date does ("Tuesday, 24/11/2026 at 15:30"), and the
// confirmation gives the token, the rep's place in the doctor's day (docs/decisions/039).

/** The token as booked: a visit booked later for an earlier time, or a cancelled one before it, moves it. */
// The translator is named i18n where a text is given it: the catalogue's extraction finds `i18n._('...')` only.
function tokenLine(locale: Locale, token: number | null | undefined): string[] {
  const i18n = i18nFor(locale);
  return token ? [i18n._("Token: #{token}, your place in the doctor's queue that day (it can change as other reps book or cancel)", { token })] : [];
}

/** The REQUEST calendar file of a booked or moved visit: the same UID, so a move updates the event it added. */
function requestAttachment(deps: MailDeps, v: VisitDetails, now: Date) {
  const ics = buildVisitIcs(visitEventOf(deps, v, now), 'REQUEST');
  return { filename: 'appointment.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=REQUEST' };
}

/**
 * `requiresApproval`: the doctor's call settings ask the clinic to confirm each booking; the visit is booked (it counts
 * against the day) and the rep reads that the clinic will confirm it (docs/decisions/041).
 */
export function bookingConfirmationMail(deps: MailDeps, v: VisitDetails & { requiresApproval?: boolean }, now: Date): OutgoingMail {
  const locale = localeOf(v);
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: v.repName }),
    '',
    v.requiresApproval
      ? i18n._('Your appointment is booked and awaiting confirmation: the clinic will confirm the visit, and we will e-mail you when it does.')
      : i18n._('Your appointment is booked.'),
    '',
    ...visitLines(v),
    '',
    i18n._('The attached calendar file adds the visit to your calendar.'),
    i18n._('You can cancel it under My Appointments until the day before the visit.'),
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  const values = { doctor: v.doctorName, date: visitDateIn(locale, v.date, v.startTime) };
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: v.requiresApproval
      ? i18n._('Appointment booked, awaiting confirmation: {doctor} on {date}', values)
      : i18n._('Appointment booked: {doctor} on {date}', values),
    text,
    templateType: 'booking',
    attachments: [requestAttachment(deps, v, now)],
  };
}

/**
 * The rep moved a visit (docs/decisions/043): its calendar file is a REQUEST with the booking's UID and the visit's
 * revision as SEQUENCE, so the rep's calendar moves the event it already has instead of adding a second one.
 */
export function rescheduledMail(
  deps: MailDeps,
  v: VisitDetails & { requiresApproval: boolean; previousDate: string; previousStartTime: string | null },
  now: Date,
): OutgoingMail {
  const locale = localeOf(v);
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: v.repName }),
    '',
    i18n._('Your appointment is moved from {from} to {to}.', {
      from: dayIn(locale, v.previousDate, v.previousStartTime),
      to: dayIn(locale, v.date, v.startTime),
    }),
    ...(v.requiresApproval
      ? [i18n._('The clinic confirms each visit of this doctor: it will confirm the new date, and we will e-mail you when it does.')]
      : []),
    '',
    ...visitLines(v),
    '',
    i18n._('The attached calendar file moves the visit in your calendar.'),
    i18n._('You can see it, and move it again until the day before the visit, under My Appointments.'),
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  const values = { doctor: v.doctorName, date: visitDateIn(locale, v.date, v.startTime) };
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: v.requiresApproval
      ? i18n._('Appointment rescheduled, awaiting confirmation: {doctor} on {date}', values)
      : i18n._('Appointment rescheduled: {doctor} on {date}', values),
    text,
    templateType: 'booking_rescheduled',
    attachments: [requestAttachment(deps, v, now)],
  };
}

export function repCancellationMail(deps: MailDeps, v: VisitDetails, now: Date): OutgoingMail {
  const locale = localeOf(v);
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: v.repName }),
    '',
    i18n._('Your appointment with {doctor} at {clinic}, {city} on {day} is cancelled, as you asked.', {
      doctor: v.doctorName,
      clinic: v.clinicName,
      city: listWordIn(i18n, v.clinicCity),
      day: dayIn(locale, v.date, v.startTime),
    }),
    i18n._('The attached calendar file removes it from your calendar.'),
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: i18n._('Appointment cancelled: {doctor} on {date}', { doctor: v.doctorName, date: visitDateIn(locale, v.date, v.startTime) }),
    text,
    templateType: 'booking_cancelled',
    attachments: [cancelledVisitAttachment(deps, v, now)],
  };
}

/** The visit's doctor, clinic, date and place in the day, as the booking and confirmation e-mails list them. */
function visitLines(v: Omit<VisitDetails, 'slotMinutes'>): string[] {
  const locale = localeOf(v);
  const i18n = i18nFor(locale);
  return [
    v.doctorSpecialty
      ? i18n._('Doctor: {doctor} ({specialty})', { doctor: v.doctorName, specialty: listWordIn(i18n, v.doctorSpecialty) })
      : i18n._('Doctor: {doctor}', { doctor: v.doctorName }),
    i18n._('Clinic: {clinic}, {city}, {state}', { clinic: v.clinicName, city: listWordIn(i18n, v.clinicCity), state: listWordIn(i18n, v.clinicState) }),
    i18n._('Date: {day}', { day: dayIn(locale, v.date, v.startTime) }),
    ...tokenLine(locale, v.token),
  ];
}

/** The clinic confirmed a visit (docs/decisions/041): the rep's calendar entry from the booking stays as it is. */
export function visitConfirmedMail(v: Omit<VisitDetails, 'slotMinutes'>): OutgoingMail {
  const locale = localeOf(v);
  const i18n = i18nFor(locale);
  const text = [
    i18n._('Hello {name},', { name: v.repName }),
    '',
    i18n._('{clinic} has confirmed your appointment.', { clinic: v.clinicName }),
    '',
    ...visitLines(v),
    '',
    i18n._('You can see it under My Appointments.'),
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: i18n._('Appointment confirmed: {doctor} on {date}', { doctor: v.doctorName, date: visitDateIn(locale, v.date, v.startTime) }),
    text,
    templateType: 'booking_confirmed',
  };
}
