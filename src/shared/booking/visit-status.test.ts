import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  checkCheckIn,
  checkClinicStatusMove,
  CLINIC_STATUS_MOVES,
  outcomeText,
  VISIT_STATUS_MESSAGES,
  VISIT_STATUSES,
  visitOutcome,
  visitStatusText,
  type ClinicStatusMove,
} from './visit-status';

// A visit's life after booking (docs/decisions/041): which moves the clinic may make, and how a status reads.

const TODAY = '2026-03-02';
const YESTERDAY = '2026-03-01';
const TOMORROW = '2026-03-03';
const REASON = 'Doctor called away';

const move = (from: string, to: ClinicStatusMove, date = TODAY, reason: string | null = REASON) =>
  checkClinicStatusMove({ from, to, date, today: TODAY, reason });

describe('the clinic moves a visit (checkClinicStatusMove)', () => {
  it('confirms a booked visit only, whatever its date', () => {
    for (const date of [YESTERDAY, TODAY, TOMORROW]) expect(move('booked', 'confirmed', date)).toEqual({ ok: true });
    for (const from of ['confirmed', 'completed', 'no_show', 'cancelled']) {
      expect(move(from, 'confirmed')).toEqual({ ok: false, code: 'invalid_status_change', message: VISIT_STATUS_MESSAGES.confirmOnlyBooked, status: 409 });
    }
  });

  it('declines a booked or confirmed visit dated today or later, with a reason', () => {
    for (const from of ['booked', 'confirmed']) {
      expect(move(from, 'cancelled', TODAY)).toEqual({ ok: true });
      expect(move(from, 'cancelled', TOMORROW)).toEqual({ ok: true });
      expect(move(from, 'cancelled', YESTERDAY)).toEqual({
        ok: false,
        code: 'invalid_status_change',
        message: VISIT_STATUS_MESSAGES.cancelNotPast,
        status: 409,
      });
    }
    for (const from of ['completed', 'no_show', 'cancelled']) {
      expect(move(from, 'cancelled')).toMatchObject({ ok: false, message: VISIT_STATUS_MESSAGES.cancelOnlyActive, status: 409 });
    }
  });

  it('asks for the reason of a decline (400 reason_required): missing, empty or blank', () => {
    for (const reason of [null, '', '   ']) {
      expect(move('booked', 'cancelled', TOMORROW, reason)).toEqual({
        ok: false,
        code: 'reason_required',
        message: VISIT_STATUS_MESSAGES.reasonRequired,
        status: 400,
      });
    }
    expect(checkClinicStatusMove({ from: 'booked', to: 'cancelled', date: TOMORROW, today: TODAY })).toMatchObject({ code: 'reason_required' });
  });

  it('marks completed or no-show a booked or confirmed visit dated today or earlier', () => {
    for (const to of ['completed', 'no_show'] as const) {
      for (const from of ['booked', 'confirmed']) {
        expect(move(from, to, TODAY)).toEqual({ ok: true });
        expect(move(from, to, YESTERDAY)).toEqual({ ok: true });
        expect(move(from, to, TOMORROW)).toMatchObject({ ok: false, message: VISIT_STATUS_MESSAGES.outcomeNotBefore, status: 409 });
      }
      for (const from of ['completed', 'no_show', 'cancelled']) {
        expect(move(from, to, YESTERDAY)).toMatchObject({ ok: false, message: VISIT_STATUS_MESSAGES.outcomeOnlyActive, status: 409 });
      }
    }
  });

  // The same rule said another way, as decision 041 words it, checked over every status, move, date and reason.
  it('agrees with the decision’s table for any status, move, date and reason', () => {
    const oracle = (from: string, to: ClinicStatusMove, date: string, reason: string | null): 200 | 400 | 409 => {
      const active = from === 'booked' || from === 'confirmed';
      if (to === 'confirmed') return from === 'booked' ? 200 : 409;
      // A reason of at least 3 characters once trimmed (decision 053).
      if (to === 'cancelled') return !active || date < TODAY ? 409 : (reason?.trim().length ?? 0) >= 3 ? 200 : 400;
      return active && date <= TODAY ? 200 : 409;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...VISIT_STATUSES, 'unknown'),
        fc.constantFrom(...CLINIC_STATUS_MOVES),
        fc.integer({ min: -400, max: 400 }),
        fc.option(fc.string({ maxLength: 5 })),
        (from, to, offset, reason) => {
          const date = addDays(TODAY, offset);
          const check = checkClinicStatusMove({ from, to, date, today: TODAY, reason });
          const expected = oracle(from, to, date, reason);
          expect(check.ok ? 200 : check.status).toBe(expected);
          if (!check.ok) expect(check.code).toBe(expected === 400 ? 'reason_required' : 'invalid_status_change');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the rep checks in (checkCheckIn)', () => {
  it('on the visit’s own date, to a booked or confirmed visit only', () => {
    expect(checkCheckIn({ status: 'booked', date: TODAY, on: TODAY })).toEqual({ ok: true });
    expect(checkCheckIn({ status: 'confirmed', date: TODAY, on: TODAY })).toEqual({ ok: true });
    expect(checkCheckIn({ status: 'booked', date: TOMORROW, on: TODAY })).toMatchObject({ ok: false, code: 'check_in_not_today', status: 409 });
    expect(checkCheckIn({ status: 'booked', date: YESTERDAY, on: TODAY })).toMatchObject({ ok: false, code: 'check_in_not_today' });
    for (const status of ['completed', 'no_show', 'cancelled']) {
      expect(checkCheckIn({ status, date: TODAY, on: TODAY })).toMatchObject({ ok: false, code: 'check_in_not_allowed' });
    }
  });
});

describe('how a visit reads', () => {
  it('names each status; booked reads Awaiting confirmation where the clinic confirms', () => {
    expect(VISIT_STATUSES.map((s) => visitStatusText(s))).toEqual(['Booked', 'Confirmed', 'Completed', 'No-show', 'Cancelled']);
    expect(visitStatusText('booked', { requiresApproval: true })).toBe('Awaiting confirmation');
    expect(visitStatusText('confirmed', { requiresApproval: true })).toBe('Confirmed');
  });

  it('gives a past active visit no outcome of its own (not recorded) and a later one as upcoming', () => {
    expect(visitOutcome({ status: 'booked', date: YESTERDAY }, TODAY)).toBe('not_recorded');
    expect(visitOutcome({ status: 'confirmed', date: TODAY }, TODAY)).toBe('upcoming');
    expect(visitOutcome({ status: 'no_show', date: YESTERDAY }, TODAY)).toBe('no_show');
    expect(outcomeText({ status: 'cancelled', date: YESTERDAY, cancelled_by: 'clinic' }, TODAY, 'rep')).toBe('Cancelled by the clinic');
    expect(outcomeText({ status: 'cancelled', date: YESTERDAY, cancelled_by: 'clinic' }, TODAY, 'clinic')).toBe('Cancelled by you');
    expect(outcomeText({ status: 'cancelled', date: YESTERDAY, cancelled_by: 'system' }, TODAY)).toBe('Cancelled by RepVisit');
    expect(outcomeText({ status: 'no_show', date: YESTERDAY }, TODAY)).toBe('No-show');
    expect(outcomeText({ status: 'booked', date: YESTERDAY }, TODAY)).toBe('Not recorded');
  });
});
