import type { MailAttachment, OutgoingMail } from '../../outbox/outbox';
import { visitDateText } from '../../../shared/booking/visit-label';

// E-mails the clinic dashboard sends. Plain text first; no secret ever goes in them.

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
}

/** spec part 1, 4: reps whose calls the clinic cancelled are told why. */
export function cancellationMail(visit: CancelledVisit, reason: string, attachments?: MailAttachment[]): OutgoingMail {
  const date = visitDateText(visit.appointmentDate, visit.startTime);
  return {
    to: visit.repEmail,
    toName: visit.repName,
    recipientId: visit.repId,
    templateType: 'cancellation',
    subject: `Appointment cancelled: Dr. ${visit.doctorName.replace(/^Dr\.?\s*/i, '')} on ${date}`,
    text: [
      `Dear ${visit.repName},`,
      '',
      `${visit.clinicName} has cancelled your appointment with ${visit.doctorName} on ${date}.`,
      `Reason: ${reason}`,
      '',
      'Please book another date from your RepVisit dashboard.',
      '',
      'RepVisit',
    ].join('\n'),
    ...(attachments?.length ? { attachments } : {}),
  };
}

export function passwordChangedMail(clinic: { id: number; email: string; contactPerson: string }): OutgoingMail {
  return {
    to: clinic.email,
    toName: clinic.contactPerson,
    recipientId: clinic.id,
    templateType: 'password_changed',
    subject: 'Your RepVisit password was changed',
    text: [
      `Dear ${clinic.contactPerson},`,
      '',
      'The password of your clinic account was changed from the dashboard. Other signed-in devices were signed out.',
      'If you did not do this, reset your password at once with "Forgot password" on the login form and contact support.',
      '',
      'RepVisit',
    ].join('\n'),
  };
}
