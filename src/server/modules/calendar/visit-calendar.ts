import type { Deps } from '../../deps';
import type { Locale } from '../../../shared/i18n/locales';
import { buildVisitIcs, type VisitEvent } from './ics';

// A booked visit as a calendar event: used by the booking e-mails and by the clinic's day-cancellation
// e-mails, so the two modules share it from here instead of importing each other.

export interface VisitDetails {
  appointmentId: number;
  date: string;
  doctorName: string;
  doctorSpecialty: string | null;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
  repName: string;
  repEmail: string;
  repId: number;
  /** "HH:MM" where the doctor has visiting hours, else null (a whole-day visit; docs/decisions/039) */
  startTime: string | null;
  /** the length of one visit there, for the calendar event's end */
  slotMinutes: number;
  /** the visit's place in the doctor's day when the message was written (the confirmation shows it) */
  token?: number | null;
  /** How many times the rep moved the visit: the calendar file's SEQUENCE (docs/decisions/043); 0 when absent. */
  revision?: number;
  /** The rep's language (docs/decisions/045): the e-mail and its calendar file are written in it; English when absent. */
  locale?: Locale;
}

function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export function visitEventOf(deps: Pick<Deps, 'config'>, v: VisitDetails, now: Date): VisitEvent {
  return {
    ...v,
    organizerEmail: senderAddress(deps.config.MAIL_FROM),
    uidHost: new URL(deps.config.appUrl).hostname || 'repvisit.local',
    now,
  };
}

/** The METHOD:CANCEL calendar file for a cancelled visit, by the clinic or the rep (same UID as the booking's). */
export function cancelledVisitAttachment(deps: Pick<Deps, 'config'>, v: VisitDetails, now: Date) {
  const ics = buildVisitIcs(visitEventOf(deps, v, now), 'CANCEL');
  return { filename: 'appointment-cancelled.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=CANCEL' };
}
