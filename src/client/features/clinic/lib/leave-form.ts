import { ApiError } from '../../../lib/api';
import { formatDisplayDate } from '../../../../shared/dates';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { absenceDays, createLeaveSchema, LEAVE_MESSAGES, type CreateLeave, type Leave } from '../../../../shared/schemas/leave';
import type { LeavePreviewQuery } from '../api/get-leave-preview';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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

/** '3 booked visits will be cancelled and the reps e-mailed', or that none fall in the dates. */
export function previewText(count: number): string {
  if (count === 0) return 'No booked visits fall in these dates.';
  return count === 1 ? '1 booked visit will be cancelled and the rep e-mailed' : `${count} booked visits will be cancelled and the reps e-mailed`;
}

/** The toast after saving: '3 visits cancelled, 3 reps told'. */
export function savedText(o: { cancelledCount: number; notified: number }): string {
  return o.cancelledCount === 0 ? 'No booked visits were cancelled.' : `${plural(o.cancelledCount, 'visit')} cancelled, ${plural(o.notified, 'rep')} told`;
}

/** The field a refusal of the server belongs beside (its `field`, or its message), else undefined: shown under the form. */
export function refusedField(err: unknown): LeaveField | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const field = (err.body as { field?: unknown } | undefined)?.field;
  if (field === 'doctorId') return 'who';
  if (field === 'from' || field === 'to' || field === 'reason') return field;
  if (err.message === LEAVE_MESSAGES.past || err.message === LEAVE_MESSAGES.from) return 'from';
  if (err.message === LEAVE_MESSAGES.order || err.message === LEAVE_MESSAGES.tooLong || err.message === LEAVE_MESSAGES.to) return 'to';
  if (err.message === LEAVE_MESSAGES.reason) return 'reason';
  // Another clinic's doctor, or one removed meanwhile.
  if (err.status === 404 && /doctor/i.test(err.message)) return 'who';
  return undefined;
}

/** 'Dr. Hina Wani', 'Whole clinic', or 'A former doctor' for one no longer at the clinic. */
export function leaveWho(leave: Pick<Leave, 'doctorId'>, doctors: ClinicDoctor[]): string {
  if (leave.doctorId === null) return 'Whole clinic';
  return doctors.find((d) => d.id === leave.doctorId)?.name ?? 'A former doctor';
}

/** '04/03/2026 - 06/03/2026' */
export const leaveDates = (leave: Pick<Leave, 'from' | 'to'>) => `${formatDisplayDate(leave.from)} - ${formatDisplayDate(leave.to)}`;

/** '3 days' */
export const leaveLength = (leave: Pick<Leave, 'from' | 'to'>) => plural(absenceDays(leave.from, leave.to), 'day');

/** True while today is one of its days. */
export const isCurrentLeave = (leave: Pick<Leave, 'from' | 'to'>, today: string) => leave.from <= today && today <= leave.to;
