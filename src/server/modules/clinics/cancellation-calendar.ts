import type { Deps } from '../../deps';
import type { MailAttachment } from '../../outbox/outbox';
import { cancelledVisitAttachment } from '../calendar/visit-calendar';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';
import type { CancelledVisit } from './clinic-mail';

/** The rep's calendar drops a visit the clinic cancelled (a CANCEL file with the booking's UID and times). */
export function cancellationCalendarFile(deps: Pick<Deps, 'config'>, v: CancelledVisit, now: Date): MailAttachment[] {
  if (v.appointmentId === undefined || !v.clinicCity || !v.clinicState) return [];
  return [
    cancelledVisitAttachment(
      deps,
      {
        appointmentId: v.appointmentId,
        date: v.appointmentDate,
        startTime: v.startTime ?? null,
        slotMinutes: v.slotMinutes ?? SLOT_MINUTES.default,
        doctorName: v.doctorName,
        doctorSpecialty: v.doctorSpecialty ?? null,
        clinicName: v.clinicName,
        clinicCity: v.clinicCity,
        clinicState: v.clinicState,
        repName: v.repName,
        repEmail: v.repEmail,
        repId: v.repId,
        revision: v.revision ?? 0,
        locale: v.locale,
      },
      now,
    ),
  ];
}
