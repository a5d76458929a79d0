import type { OutgoingPush } from '../../outbox/outbox';
import type { Locale } from '../../../shared/i18n/locales';
import { i18nFor, reasonFor } from '../../i18n';
import { visitDateIn } from '../../message-dates';
import type { CancelledVisit } from './clinic-mail';

/**
 * The web push that tells a rep the clinic cancelled visits of theirs (docs/decisions/040-planned-absences.md): one
 * per rep, however many of their visits the absence covered; the e-mails carry each visit's calendar CANCEL.
 * `tag` lets the browser replace rather than stack two notices of one absence. In the rep's language (decision 045).
 */
export function cancellationPush(
  rep: { id: number; fullName: string; email: string },
  visits: readonly CancelledVisit[],
  reason: string,
  tag: string,
): OutgoingPush {
  const first = visits[0]!;
  const locale: Locale = first.locale ?? 'en';
  const i18n = i18nFor(locale);
  const title = i18n._('{count, plural, one {Visit cancelled} other {# visits cancelled}}', { count: visits.length });
  const body =
    visits.length === 1
      ? i18n._('{clinic} cancelled your visit to {doctor} on {date}. Reason: {reason}', {
          clinic: first.clinicName,
          doctor: first.doctorName,
          date: visitDateIn(locale, first.appointmentDate, first.startTime),
          reason: reasonFor(i18n, reason),
        })
      : i18n._('{clinic} cancelled {visits}. Reason: {reason}', {
          clinic: first.clinicName,
          // Urdu writes the Arabic comma between items (docs/decisions/052).
          visits: visits.map((v) => `${v.doctorName} ${visitDateIn(locale, v.appointmentDate, v.startTime)}`).join(locale === 'ur' ? '، ' : ', '),
          reason: reasonFor(i18n, reason),
        });
  return {
    repId: rep.id,
    recipientEmail: rep.email,
    recipientName: rep.fullName,
    title,
    templateType: 'cancellation_push',
    payload: { title, body, url: '/medrep-dashboard', tag },
  };
}
