import { ApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/intl-format';
import { formatDisplayDate } from '../../../../shared/dates';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { messageOf } from '../../../../shared/i18n/message';
import { absenceDays, createLeaveSchema, LEAVE_MESSAGES, type CreateLeave, type Leave } from '../../../../shared/schemas/leave';
import type { LeavePreviewQuery } from '../api/keys';

// The 'Leave & Holidays' form and list in words (docs/decisions/040-planned-absences.md). The rules are the shared
// schema's; the server is the authority and says the same.

/** The select's value for a whole-clinic closure (a doctor is his id). */
export const WHOLE_CLINIC = 'clinic';

export interface LeaveDraft {
  /** '' (no one chosen), a doctor's id, or WHOLE_CLINIC */
  who: string;
  from: string;
  to: string;
  reason: string;
}

export type LeaveField = keyof LeaveDraft;
export type LeaveProblems = Partial<Record<LeaveField, string>>;

/** The request the draft stands for, unchecked (no one chosen: no doctorId); createLeaveSchema checks it. */
export function leaveRequestOf(draft: LeaveDraft, clinicId: number): Omit<CreateLeave, 'doctorId'> & { doctorId?: number | null } {
  return {
    clinicId,
    doctorId: draft.who === WHOLE_CLINIC ? null : draft.who === '' ? undefined : Number(draft.who),
    from: draft.from,
    to: draft.to,
    reason: draft.reason,
  };
}

/** What is wrong with each field, by the shared schema, and a past first day (which only the date of today shows). */
export function leaveDraftProblems(draft: LeaveDraft, o: { clinicId: number; today: string }): LeaveProblems {
  const problems: LeaveProblems = {};
  const parsed = createLeaveSchema.safeParse(leaveRequestOf(draft, o.clinicId));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0];
    const field: LeaveField | undefined = key === 'doctorId' ? 'who' : key === 'from' || key === 'to' || key === 'reason' ? key : undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  if (!problems.from && draft.from < o.today) problems.from = LEAVE_MESSAGES.past;
  return problems;
}

/** The preview's question once who, from and to are valid; undefined before (the reason does not change the count). */
export function leavePreviewOf(draft: LeaveDraft, o: { clinicId: number; today: string }): LeavePreviewQuery | undefined {
  const p = leaveDraftProblems(draft, o);
  if (p.who || p.from || p.to) return undefined;
  return { clinicId: o.clinicId, from: draft.from, to: draft.to, ...(draft.who === WHOLE_CLINIC ? {} : { doctorId: Number(draft.who) }) };
}

/**
 * The days chosen in words, 'Away 3 days: Monday 07/12/2026 to Wednesday 09/12/2026', once both are valid: the date
 * pickers show the browser's own format (mm/dd/yyyy in some), this line the one RepVisit writes everywhere.
 */
export function awayDaysText(draft: Pick<LeaveDraft, 'from' | 'to'>, problems: LeaveProblems): string | undefined {
  if (problems.from || problems.to) return undefined;
  const day = (date: string) => `${formatWeekday(date)} ${formatDisplayDate(date)}`;
  return i18n._('{count, plural, one {Away # day: {from}} other {Away # days: {from} to {to}}}', {
    count: absenceDays(draft.from, draft.to),
    from: day(draft.from),
    to: day(draft.to),
  });
}

/** '3 booked visits will be cancelled and the reps e-mailed', or that none fall in the dates. */
export function previewText(count: number): string {
  if (count === 0) return i18n._('No booked visits fall in these dates.');
  return i18n._(
    '{count, plural, one {# booked visit will be cancelled and the rep e-mailed} other {# booked visits will be cancelled and the reps e-mailed}}',
    { count },
  );
}

/** The toast after saving: '3 visits cancelled, 3 reps told'. */
export function savedText(o: { cancelledCount: number; notified: number }): string {
  if (o.cancelledCount === 0) return i18n._('No booked visits were cancelled.');
  return i18n._('{cancelled, plural, one {# visit} other {# visits}} cancelled, {notified, plural, one {# rep} other {# reps}} told', {
    cancelled: o.cancelledCount,
    notified: o.notified,
  });
}

/** The field a refusal of the server belongs beside (its `field`, or its message), else undefined: shown under the form. */
export function refusedField(err: unknown): LeaveField | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const field = (err.body as { field?: unknown } | undefined)?.field;
  if (field === 'doctorId') return 'who';
  if (field === 'from' || field === 'to' || field === 'reason') return field;
  // The server words its refusal in the reader's language (decision 045): either wording matches.
  const is = (...texts: string[]) => texts.some((text) => err.message === text || err.message === i18n._(messageOf(text)));
  if (is(LEAVE_MESSAGES.past, LEAVE_MESSAGES.from)) return 'from';
  if (is(LEAVE_MESSAGES.order, LEAVE_MESSAGES.tooLong, LEAVE_MESSAGES.to)) return 'to';
  if (is(LEAVE_MESSAGES.reason)) return 'reason';
  // Another clinic's doctor, or one removed meanwhile.
  if (err.status === 404 && (/doctor/i.test(err.message) || is('Doctor not found'))) return 'who';
  return undefined;
}

/** 'Dr. Hina Wani', 'Whole clinic', or 'A former doctor' for one no longer at the clinic. */
export function leaveWho(leave: Pick<Leave, 'doctorId'>, doctors: ClinicDoctor[]): string {
  if (leave.doctorId === null) return i18n._('Whole clinic');
  return doctors.find((d) => d.id === leave.doctorId)?.name ?? i18n._('A former doctor');
}

/** '04/03/2026 - 06/03/2026' */
export const leaveDates = (leave: Pick<Leave, 'from' | 'to'>) => `${formatDisplayDate(leave.from)} - ${formatDisplayDate(leave.to)}`;

/** '3 days' */
export const leaveLength = (leave: Pick<Leave, 'from' | 'to'>) =>
  i18n._('{count, plural, one {# day} other {# days}}', { count: absenceDays(leave.from, leave.to) });

/** True while today is one of its days. */
export const isCurrentLeave = (leave: Pick<Leave, 'from' | 'to'>, today: string) => leave.from <= today && today <= leave.to;
