import type { MailAttachment, OutgoingMail } from '../../outbox/outbox';
import type { Locale } from '../../../shared/i18n/locales';
import { i18nFor, reasonFor } from '../../i18n';
import { visitDateIn } from '../../message-dates';

// E-mails the clinic dashboard sends, in the reader's language (docs/decisions/045-languages.md). Plain text first;
// no secret ever goes in them.

export interface CancelledVisit {
  repId: number;
  repName: string;
  repEmail: string;
  appointmentDate: string;
  doctorName: string;
  clinicName: string;
  // What the calendar file of the cancellation needs (absent: no file attached).
  appointmentId?: number;
  doctorSpecialty?: string | null;
  clinicCity?: string;
  clinicState?: string;
  /** "HH:MM" of a visit inside visiting hours (the e-mail and its calendar file carry it; docs/decisions/039) */
  startTime?: string | null;
  slotMinutes?: number;
  /** How many times the rep moved the visit: its CANCEL's SEQUENCE is one more (docs/decisions/043). */
  revision?: number;
  /** The rep's language: the e-mail, push and calendar file are written in it (docs/decisions/045); English when absent. */
  locale?: Locale;
}

/** spec part 1, 4: reps whose calls the clinic cancelled are told why (the reason as typed, the product's own and the quick picks in the rep's language; decision 052). */
export function cancellationMail(visit: CancelledVisit, reason: string, attachments?: MailAttachment[]): OutgoingMail {
  const i18n = i18nFor(visit.locale);
  const date = visitDateIn(visit.locale ?? 'en', visit.appointmentDate, visit.startTime);
  return {
    to: visit.repEmail,
    toName: visit.repName,
    recipientId: visit.repId,
    templateType: 'cancellation',
    subject: i18n._('Appointment cancelled: Dr. {doctor} on {date}', { doctor: visit.doctorName.replace(/^Dr\.?\s*/i, ''), date }),
    text: [
      i18n._('Dear {name},', { name: visit.repName }),
      '',
      i18n._('{clinic} has cancelled your appointment with {doctor} on {date}.', { clinic: visit.clinicName, doctor: visit.doctorName, date }),
      i18n._('Reason: {reason}', { reason: reasonFor(i18n, reason) }),
      '',
      i18n._('Please book another date from your RepVisit dashboard.'),
      '',
      'RepVisit',
    ].join('\n'),
    ...(attachments?.length ? { attachments } : {}),
  };
}

export function passwordChangedMail(clinic: { id: number; email: string; contactPerson: string; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(clinic.locale);
  return {
    to: clinic.email,
    toName: clinic.contactPerson,
    recipientId: clinic.id,
    templateType: 'password_changed',
    subject: i18n._('Your RepVisit password was changed'),
    text: [
      i18n._('Dear {name},', { name: clinic.contactPerson }),
      '',
      i18n._('The password of your clinic account was changed from the dashboard. Other signed-in devices were signed out.'),
      i18n._('If you did not do this, reset your password at once with "Forgot password" on the login form and contact support.'),
      '',
      'RepVisit',
    ].join('\n'),
  };
}
