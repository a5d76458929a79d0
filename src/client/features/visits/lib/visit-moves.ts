import { checkClinicStatusMove, type ClinicStatusMove } from '../../../../shared/booking/visit-status';
import type { IsoDate } from '../../../../shared/dates';

/** The buttons of the day view, in the order shown. */
const ORDER: ClinicStatusMove[] = ['confirmed', 'cancelled', 'completed', 'no_show'];

/**
 * The moves the clinic may make on a visit today, by the shared rule (decision 041). The reason is asked in the
 * decline dialog, so a stand-in passes the rule's reason check here. Confirming is offered only for a visit not yet
 * past: the rule allows it, but on a past visit the clinic means 'Completed' or 'No-show'.
 */
export function visitMoves(v: { status: string; appointment_date: IsoDate; checked_in_at?: string | null }, today: IsoDate): ClinicStatusMove[] {
  return ORDER.filter((to) => {
    if (to === 'confirmed' && v.appointment_date < today) return false;
    // No No-show for a rep who checked in with the reception's code (decision 046).
    const checkedIn = Boolean(v.checked_in_at);
    return checkClinicStatusMove({ from: v.status, to, date: v.appointment_date, today, reason: 'asked in the dialog', checkedIn }).ok;
  });
}
