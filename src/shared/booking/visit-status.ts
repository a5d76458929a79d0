import { LIMITS } from '../constants';
import type { IsoDate } from '../dates';

// A visit's life after booking (docs/decisions/041-visit-outcomes-and-proof.md): the clinic confirms or declines it,
// the rep checks in at reception, the clinic marks it completed or no-show (or the end-of-day close completes a
// checked-in visit). Written once here for the server (the authority) and the screens. Pure: `today` is passed in.

/** Every status a visit can have (spec part 2, 8 plus no_show). Active: booked or confirmed (spec part 1, 4). */
export const VISIT_STATUSES = ['booked', 'confirmed', 'completed', 'no_show', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
/** The statuses of a visit still to happen, which a clinic's cancellation or leave cancels (spec part 1, 4). */
export const ACTIVE_VISIT_STATUSES = ['booked', 'confirmed'] as const satisfies readonly VisitStatus[];

/** What the clinic may ask for with POST /api/clinic/appointments/{id}/status. */
export const CLINIC_STATUS_MOVES = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type ClinicStatusMove = (typeof CLINIC_STATUS_MOVES)[number];

export const VISIT_STATUS_MESSAGES = {
  confirmed: /*i18n*/ 'Visit confirmed',
  cancelled: /*i18n*/ 'Visit declined. The rep has been informed.',
  completed: /*i18n*/ 'Visit marked completed',
  no_show: /*i18n*/ 'Visit marked as no-show',
  confirmOnlyBooked: /*i18n*/ 'Only a visit awaiting confirmation can be confirmed.',
  cancelOnlyActive: /*i18n*/ 'Only a booked or confirmed visit can be cancelled.',
  cancelNotPast: /*i18n*/ 'A visit on a past date cannot be cancelled.',
  outcomeOnlyActive: /*i18n*/ 'Only a booked or confirmed visit can be marked completed or no-show.',
  outcomeNotBefore: /*i18n*/ 'A visit can be marked completed or no-show only on or after its date.',
  reasonRequired: /*i18n*/ 'Please give a reason for declining this visit.',
  arrivedNotNoShow: /*i18n*/ "This rep checked in at reception with the clinic's code, so the visit cannot be marked no-show.",
  undone: /*i18n*/ 'Outcome undone',
  undoOnlyOutcome: /*i18n*/ 'Only a visit the clinic marked completed or no-show can be undone.',
  undoExpired: /*i18n*/ 'An outcome can be undone only within 10 minutes of marking it.',
  reasonTooShort: /*i18n*/ 'The reason must be at least 3 characters.',
} as const;

/** How long the clinic may take back a Completed or No-show it marked (docs/decisions/046). */
export const OUTCOME_UNDO_MS = 10 * 60_000;

/** Whether the clinic's mark of `v` can still be undone at `now` (the server refuses it after OUTCOME_UNDO_MS). */
export function canUndoOutcome(v: { status: string; outcome_by?: string | null; outcome_at?: string | null }, now: Date): boolean {
  if ((v.status !== 'completed' && v.status !== 'no_show') || v.outcome_by !== 'clinic' || !v.outcome_at) return false;
  return now.getTime() - new Date(v.outcome_at).getTime() <= OUTCOME_UNDO_MS;
}

export const CHECK_IN_MESSAGES = {
  checkedIn: /*i18n*/ 'Checked in',
  invalidCode: /*i18n*/ 'Invalid check-in code. Please ask the reception for the current code.',
  notToday: /*i18n*/ 'You can check in only on the day of the visit.',
  notActive: /*i18n*/ 'Only a booked or confirmed visit can be checked in.',
  notCheckedIn: /*i18n*/ 'A proof of visit is available once you have checked in at the clinic.',
  typedBeforeBooked: /*i18n*/ 'The time the code was typed is before this visit was booked.',
  typedBeforeLastOnline:
    /*i18n*/ 'Your phone was online after the time this code was typed, so it cannot be accepted now. Please check in again with the current code.',
} as const;

/** An offline check-in that reached the server this much later than it claims is shown to the clinic with both times. */
const LATE_CHECK_IN_MS = 10 * 60_000;

/** True when the check-in reached the server more than LATE_CHECK_IN_MS after the time it was typed (docs/decisions/046). */
export function checkInArrivedLate(v: { checked_in_at?: string | null; check_in_received_at?: string | null }): boolean {
  if (!v.checked_in_at || !v.check_in_received_at) return false;
  return new Date(v.check_in_received_at).getTime() - new Date(v.checked_in_at).getTime() > LATE_CHECK_IN_MS;
}

/** Why a signed proof of visit is not valid any more: the visit's outcome as the server knows it (docs/decisions/046). */
export const RECEIPT_MESSAGES = {
  declined: /*i18n*/ 'The clinic later declined this visit.',
  cancelled: /*i18n*/ 'This visit was later cancelled.',
  noShow: /*i18n*/ 'The clinic later marked this visit as a no-show.',
} as const;

/** The reception's code (docs/decisions/041): 6 digits, a new one every 2 minutes; the previous one is still taken. */
export const CHECK_IN_CODE = { digits: 6, stepSeconds: 120 } as const;
export const isCheckInCode = (value: string) => /^\d{6}$/.test(value);

export type StatusMoveCheck = { ok: true } | { ok: false; code: 'invalid_status_change' | 'reason_required'; message: string; status: 400 | 409 };

const refuse = (message: string): StatusMoveCheck => ({ ok: false, code: 'invalid_status_change', message, status: 409 });

/**
 * Whether the clinic may move a visit from `from` to `to` on `today` (Indian date): confirmed from booked; cancelled
 * (with a reason) from booked or confirmed, dated today or later; completed or no_show from booked or confirmed, dated
 * today or earlier, but never no_show once the rep checked in. Anything else is a 409 with the reason in words.
 */
export function checkClinicStatusMove(o: {
  from: string;
  to: ClinicStatusMove;
  date: IsoDate;
  today: IsoDate;
  reason?: string | null;
  /** The rep checked in with the reception's code: the clinic's own evidence that the rep came (docs/decisions/046). */
  checkedIn?: boolean;
}): StatusMoveCheck {
  const active = o.from === 'booked' || o.from === 'confirmed';
  switch (o.to) {
    case 'confirmed':
      return o.from === 'booked' ? { ok: true } : refuse(VISIT_STATUS_MESSAGES.confirmOnlyBooked);
    case 'cancelled':
      if (!active) return refuse(VISIT_STATUS_MESSAGES.cancelOnlyActive);
      if (o.date < o.today) return refuse(VISIT_STATUS_MESSAGES.cancelNotPast);
      if (!o.reason || o.reason.trim() === '') return { ok: false, code: 'reason_required', message: VISIT_STATUS_MESSAGES.reasonRequired, status: 400 };
      // The rep reads the reason: a letter or two says nothing (decision 053).
      if (o.reason.trim().length < LIMITS.declineReasonMin)
        return { ok: false, code: 'reason_required', message: VISIT_STATUS_MESSAGES.reasonTooShort, status: 400 };
      return { ok: true };
    case 'completed':
    case 'no_show':
      if (!active) return refuse(VISIT_STATUS_MESSAGES.outcomeOnlyActive);
      if (o.date > o.today) return refuse(VISIT_STATUS_MESSAGES.outcomeNotBefore);
      if (o.to === 'no_show' && o.checkedIn) return refuse(VISIT_STATUS_MESSAGES.arrivedNotNoShow);
      return { ok: true };
  }
}

export type CheckInCheck = { ok: true } | { ok: false; code: 'check_in_not_today' | 'check_in_not_allowed'; message: string; status: 409 };

/** The rep may check in to an own booked or confirmed visit on its date only (`on`: the Indian date the code was typed). */
export function checkCheckIn(o: { status: string; date: IsoDate; on: IsoDate }): CheckInCheck {
  if (o.status !== 'booked' && o.status !== 'confirmed') return { ok: false, code: 'check_in_not_allowed', message: CHECK_IN_MESSAGES.notActive, status: 409 };
  if (o.date !== o.on) return { ok: false, code: 'check_in_not_today', message: CHECK_IN_MESSAGES.notToday, status: 409 };
  return { ok: true };
}

/**
 * A past visit's outcome as the Visit History and the call report name it: completed, no-show, cancelled (by the rep,
 * the clinic, the admin or the system), 'not_recorded' for an active visit whose day has passed without a mark, and
 * 'upcoming' for an active visit dated today or later.
 */
export type VisitOutcome = 'completed' | 'no_show' | 'cancelled' | 'not_recorded' | 'upcoming';
export function visitOutcome(v: { status: string; date: IsoDate }, today: IsoDate): VisitOutcome {
  if (v.status === 'completed' || v.status === 'no_show' || v.status === 'cancelled') return v.status;
  return v.date < today ? 'not_recorded' : 'upcoming';
}

/** The words of a status on badges, filters and in e-mails; 'booked' reads 'Awaiting confirmation' where the clinic confirms. */
export function visitStatusText(status: string, o: { requiresApproval?: boolean } = {}): string {
  switch (status) {
    case 'booked':
      return o.requiresApproval ? /*i18n*/ 'Awaiting confirmation' : /*i18n*/ 'Booked';
    case 'confirmed':
      return /*i18n*/ 'Confirmed';
    case 'completed':
      return /*i18n*/ 'Completed';
    case 'no_show':
      return /*i18n*/ 'No-show';
    case 'cancelled':
      return /*i18n*/ 'Cancelled';
    default:
      return status;
  }
}

/** "Cancelled by the clinic", and so on, for the histories and the call report; `viewer` 'rep' reads "Cancelled by you". */
export function outcomeText(
  v: { status: string; date: IsoDate; cancelled_by?: string | null },
  today: IsoDate,
  viewer: 'rep' | 'clinic' | 'admin' = 'rep',
): string {
  const outcome = visitOutcome(v, today);
  if (outcome === 'cancelled') {
    // Whole sentences, so each can be translated (docs/decisions/045).
    if (v.cancelled_by === 'rep') return viewer === 'rep' ? /*i18n*/ 'Cancelled by you' : /*i18n*/ 'Cancelled by the rep';
    if (v.cancelled_by === 'clinic') return viewer === 'clinic' ? /*i18n*/ 'Cancelled by you' : /*i18n*/ 'Cancelled by the clinic';
    if (v.cancelled_by === 'admin') return /*i18n*/ 'Cancelled by the admin';
    return /*i18n*/ 'Cancelled by RepVisit';
  }
  if (outcome === 'not_recorded') return /*i18n*/ 'Not recorded';
  if (outcome === 'upcoming') return /*i18n*/ 'Upcoming';
  return visitStatusText(outcome);
}

/** The longest date range the history and report calls answer at once (ARCHITECTURE rule 15: nothing unbounded). */
export const HISTORY_MAX_DAYS = 366;
