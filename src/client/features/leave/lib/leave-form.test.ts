import { describe, expect, it } from 'vitest';
// The English plurals come with the clinic's page (decision 045).
import '../../../lib/english-plurals';
import { ApiError } from '../../../lib/api';
import { LEAVE_MESSAGES } from '../../../../shared/schemas/leave';
import {
  awayDaysText,
  isCurrentLeave,
  leaveDates,
  leaveDraftProblems,
  leaveLength,
  leavePreviewOf,
  leaveWho,
  previewText,
  refusedField,
  savedText,
  WHOLE_CLINIC,
} from './leave-form';

// The 'Leave & Holidays' form's rules are the shared schema's (docs/decisions/040-planned-absences.md).
const o = { clinicId: 4, today: '2026-03-04' };
const draft = { who: '9', from: '2026-03-06', to: '2026-03-08', reason: 'Doctor is leaving for conference' };

describe('the leave draft', () => {
  it('is fine for a doctor, or the whole clinic, from today on', () => {
    expect(leaveDraftProblems(draft, o)).toEqual({});
    expect(leaveDraftProblems({ ...draft, who: WHOLE_CLINIC, from: o.today, to: o.today }, o)).toEqual({});
  });

  it('puts each shared message beside its field, and refuses a first day before today', () => {
    expect(leaveDraftProblems({ who: '', from: '', to: '', reason: 'ab' }, o)).toEqual({
      who: 'Please select a doctor first.',
      from: LEAVE_MESSAGES.from,
      to: LEAVE_MESSAGES.to,
      reason: LEAVE_MESSAGES.reason,
    });
    expect(leaveDraftProblems({ ...draft, from: '2026-03-03', to: '2026-03-05' }, o)).toEqual({ from: LEAVE_MESSAGES.past });
    expect(leaveDraftProblems({ ...draft, to: '2026-03-05' }, o)).toEqual({ to: LEAVE_MESSAGES.order });
    expect(leaveDraftProblems({ ...draft, to: '2027-03-06' }, o)).toEqual({ to: LEAVE_MESSAGES.tooLong });
    expect(leaveDraftProblems({ ...draft, reason: 'x'.repeat(201) }, o)).toEqual({ reason: LEAVE_MESSAGES.reason });
  });

  it('asks for a preview once who, from and to are valid, whatever the reason', () => {
    expect(leavePreviewOf({ ...draft, reason: '' }, o)).toEqual({ clinicId: 4, doctorId: 9, from: '2026-03-06', to: '2026-03-08' });
    expect(leavePreviewOf({ ...draft, who: WHOLE_CLINIC }, o)).toEqual({ clinicId: 4, from: '2026-03-06', to: '2026-03-08' });
    expect(leavePreviewOf({ ...draft, who: '' }, o)).toBeUndefined();
    expect(leavePreviewOf({ ...draft, to: '2026-03-05' }, o)).toBeUndefined();
    expect(leavePreviewOf({ ...draft, from: '2026-03-01' }, o)).toBeUndefined();
  });
});

describe('the words of the panel', () => {
  it('says what saving cancels, and what it did', () => {
    expect(previewText(3)).toBe('3 booked visits will be cancelled and the reps e-mailed');
    expect(previewText(1)).toBe('1 booked visit will be cancelled and the rep e-mailed');
    expect(previewText(0)).toBe('No booked visits fall in these dates.');
    expect(savedText({ cancelledCount: 3, notified: 3 })).toBe('3 visits cancelled, 3 reps told');
    expect(savedText({ cancelledCount: 1, notified: 1 })).toBe('1 visit cancelled, 1 rep told');
    expect(savedText({ cancelledCount: 0, notified: 0 })).toBe('No booked visits were cancelled.');
  });

  it('sums up the days chosen with weekdays and dd/mm/yyyy, once both are valid', () => {
    expect(awayDaysText(draft, {})).toBe('Away 3 days: Friday 06/03/2026 to Sunday 08/03/2026');
    expect(awayDaysText({ from: o.today, to: o.today }, {})).toBe('Away 1 day: Wednesday 04/03/2026');
    expect(awayDaysText({ ...draft, to: '2026-03-05' }, { to: LEAVE_MESSAGES.order })).toBeUndefined();
  });

  it('names who, the dates, the length and whether today is inside', () => {
    const doctors = [{ id: 9, name: 'Dr. Hina Wani', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' }];
    expect(leaveWho({ doctorId: 9 }, doctors)).toBe('Dr. Hina Wani');
    expect(leaveWho({ doctorId: null }, doctors)).toBe('Whole clinic');
    expect(leaveWho({ doctorId: 10 }, doctors)).toBe('A former doctor');
    expect(leaveDates(draft)).toBe('06/03/2026 - 08/03/2026');
    expect(leaveLength(draft)).toBe('3 days');
    expect(leaveLength({ from: o.today, to: o.today })).toBe('1 day');
    expect(isCurrentLeave(draft, o.today)).toBe(false);
    expect(isCurrentLeave(draft, '2026-03-08')).toBe(true);
  });

  it("puts the server's refusal beside the field it is about", () => {
    expect(refusedField(new ApiError(400, LEAVE_MESSAGES.past, 'validation_error'))).toBe('from');
    expect(refusedField(new ApiError(400, 'x', 'validation_error', { field: 'reason' }))).toBe('reason');
    expect(refusedField(new ApiError(400, 'An absence can last at most 365 days.', 'validation_error'))).toBe('to');
    expect(refusedField(new ApiError(404, 'Doctor not found', 'not_found'))).toBe('who');
    expect(refusedField(new ApiError(500, 'Something went wrong. Please try again.', 'internal'))).toBeUndefined();
  });
});
