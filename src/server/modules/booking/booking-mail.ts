import type { Deps } from '../../deps';
import type { OutgoingMail } from '../../outbox/outbox';
import { weekdayName } from '../../../shared/dates';
import { PRODUCT_NAME } from '../../../shared/constants';
import { visitDateText } from '../../../shared/booking/visit-label';
import { buildVisitIcs } from '../calendar/ics';
import { cancelledVisitAttachment, visitEventOf, type VisitDetails } from '../calendar/visit-calendar';

// The rep's booking confirmation and cancellation e-mails, each with an .ics file; the services queue them in the
// booking's transaction (docs/decisions/028-outbox.md).

type MailDeps = Pick<Deps, 'config'>;

// With visiting hours the visit's time goes wherever its date does ("Tuesday, 24/11/2026 at 15:30"), and the
// confirmation gives the token, the rep's place in the doctor's day (docs/decisions/039).
const dayText = (date: string, startTime: string | null) => `${weekdayName(date)}, ${visitDateText(date, startTime)}`;

/** The token as booked: a visit booked later for an earlier time, or a cancelled one before it, moves it. */
const tokenLine = (token: number | null | undefined) =>
  token ? [`Token: #${token}, your place in the doctor's queue that day (it can change as other reps book or cancel)`] : [];

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
  const text = [
    `Hello ${v.repName},`,
    '',
    ...(v.requiresApproval
      ? ['Your appointment is booked and awaiting confirmation: the clinic will confirm the visit, and we will e-mail you when it does.']
      : [`Your appointment is booked.`]),
    '',
    ...visitLines(v),
    '',
    'The attached calendar file adds the visit to your calendar.',
    'You can cancel it under My Appointments until the day before the visit.',
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: `Appointment booked${v.requiresApproval ? ', awaiting confirmation' : ''}: ${v.doctorName} on ${visitDateText(v.date, v.startTime)}`,
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
  const text = [
    `Hello ${v.repName},`,
    '',
    `Your appointment is moved from ${dayText(v.previousDate, v.previousStartTime)} to ${dayText(v.date, v.startTime)}.`,
    ...(v.requiresApproval ? ['The clinic confirms each visit of this doctor: it will confirm the new date, and we will e-mail you when it does.'] : []),
    '',
    ...visitLines(v),
    '',
    'The attached calendar file moves the visit in your calendar.',
    'You can see it, and move it again until the day before the visit, under My Appointments.',
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: `Appointment rescheduled${v.requiresApproval ? ', awaiting confirmation' : ''}: ${v.doctorName} on ${visitDateText(v.date, v.startTime)}`,
    text,
    templateType: 'booking_rescheduled',
    attachments: [requestAttachment(deps, v, now)],
  };
}

export function repCancellationMail(deps: MailDeps, v: VisitDetails, now: Date): OutgoingMail {
  const text = [
    `Hello ${v.repName},`,
    '',
    `Your appointment with ${v.doctorName} at ${v.clinicName}, ${v.clinicCity} on ${dayText(v.date, v.startTime)} is cancelled, as you asked.`,
    'The attached calendar file removes it from your calendar.',
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: `Appointment cancelled: ${v.doctorName} on ${visitDateText(v.date, v.startTime)}`,
    text,
    templateType: 'booking_cancelled',
    attachments: [cancelledVisitAttachment(deps, v, now)],
  };
}

/** The visit's doctor, clinic, date and place in the day, as the booking and confirmation e-mails list them. */
function visitLines(v: Omit<VisitDetails, 'slotMinutes'>): string[] {
  return [
    `Doctor: ${v.doctorName}${v.doctorSpecialty ? ` (${v.doctorSpecialty})` : ''}`,
    `Clinic: ${v.clinicName}, ${v.clinicCity}, ${v.clinicState}`,
    `Date: ${dayText(v.date, v.startTime)}`,
    ...tokenLine(v.token),
  ];
}

/** The clinic confirmed a visit (docs/decisions/041): the rep's calendar entry from the booking stays as it is. */
export function visitConfirmedMail(v: Omit<VisitDetails, 'slotMinutes'>): OutgoingMail {
  const text = [
    `Hello ${v.repName},`,
    '',
    `${v.clinicName} has confirmed your appointment.`,
    '',
    ...visitLines(v),
    '',
    'You can see it under My Appointments.',
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  return {
    to: v.repEmail,
    toName: v.repName,
    recipientId: v.repId,
    subject: `Appointment confirmed: ${v.doctorName} on ${visitDateText(v.date, v.startTime)}`,
    text,
    templateType: 'booking_confirmed',
  };
}
