import type { OutgoingPush } from '../../outbox/outbox';
import { visitDateText } from '../../../shared/booking/visit-label';
import type { CancelledVisit } from './clinic-mail';

/**
 * The web push that tells a rep the clinic cancelled visits of theirs (docs/decisions/040-planned-absences.md): one
 * per rep, however many of their visits the absence covered; the e-mails carry each visit's calendar CANCEL.
 * `tag` lets the browser replace rather than stack two notices of one absence.
 */
export function cancellationPush(
  rep: { id: number; fullName: string; email: string },
  visits: readonly CancelledVisit[],
  reason: string,
  tag: string,
): OutgoingPush {
  const first = visits[0]!;
  const title = visits.length === 1 ? 'Visit cancelled' : `${visits.length} visits cancelled`;
  const what =
    visits.length === 1
      ? `your visit to ${first.doctorName} on ${visitDateText(first.appointmentDate, first.startTime)}`
      : visits.map((v) => `${v.doctorName} ${visitDateText(v.appointmentDate, v.startTime)}`).join(', ');
  return {
    repId: rep.id,
    recipientEmail: rep.email,
    recipientName: rep.fullName,
    title,
    templateType: 'cancellation_push',
    payload: { title, body: `${first.clinicName} cancelled ${what}. Reason: ${reason}`, url: '/medrep-dashboard', tag },
  };
}
