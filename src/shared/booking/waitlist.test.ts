import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, checkBooking, remainingSlots, type BookingContext } from './booking-rules';
import {
  canRepReschedule,
  checkWaitlistJoin,
  holdsAsAppointments,
  isHolding,
  lineOrder,
  offerExpiry,
  offerHoldEnd,
  planOffers,
  RESCHEDULE_MESSAGES,
  timeToHold,
  WAITLIST_MESSAGES,
  waitlistPosition,
  waitlistStatusAt,
  withoutVisit,
  type LineCandidate,
  type WaitlistFact,
} from './waitlist';

// The pure rules of rescheduling and the waitlist (docs/decisions/043).

const TODAY = '2026-03-02'; // a Monday
const DAY = '2026-03-04'; // a Wednesday
const NOW = new Date('2026-03-02T04:30:00.000Z'); // 10:00 in India
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

const ctxOf = (o: Partial<BookingContext> = {}): BookingContext => ({
  settings: { maxSlots: 2, callFrequency: 7, availableDays: EVERY_DAY },
  clinicId: 10,
  doctorAppointments: [],
  repAppointments: [],
  today: TODAY,
  ...o,
});
const visit = (repId: number, date = DAY, startTime: string | null = null) => ({ date, status: 'booked', repId, startTime });
const entry = (id: number, repId: number, o: Partial<WaitlistFact> = {}): WaitlistFact => ({
  id,
  repId,
  status: 'waiting',
  offerExpiresAt: null,
  heldStartTime: null,
  ...o,
});
const free: LineCandidate = { mayBook: true, repAppointments: [] };

describe('canRepReschedule', () => {
  it('lets the rep move an own booked or confirmed visit dated after today', () => {
    expect(canRepReschedule({ date: DAY, status: 'booked' }, TODAY)).toEqual({ ok: true });
    expect(canRepReschedule({ date: DAY, status: 'confirmed' }, TODAY)).toEqual({ ok: true });
  });

  it('refuses the day itself, and a visit over or cancelled, in words', () => {
    expect(canRepReschedule({ date: TODAY, status: 'booked' }, TODAY)).toEqual({ ok: false, message: RESCHEDULE_MESSAGES.cannotRescheduleToday });
    expect(canRepReschedule({ date: DAY, status: 'completed' }, TODAY)).toEqual({ ok: false, message: 'Appointment Completed' });
    expect(canRepReschedule({ date: DAY, status: 'no_show' }, TODAY)).toEqual({ ok: false, message: 'Marked as no-show by the clinic' });
    expect(canRepReschedule({ date: DAY, status: 'cancelled' }, TODAY)).toEqual({ ok: false, message: 'Appointment Cancelled' });
  });
});

describe('withoutVisit', () => {
  it('judges a full day and a frozen date as if the moved visit did not exist', () => {
    const mine = { date: DAY, status: 'booked', clinicId: 10 };
    const ctx = ctxOf({ doctorAppointments: [visit(1), visit(2)], repAppointments: [mine] });
    expect(checkBooking(ctx, '2026-03-05').ok).toBe(false); // one future visit here, and call frequency
    const moved = withoutVisit(ctx, { date: DAY, repId: 1, clinicId: 10 });
    expect(remainingSlots(moved, DAY)).toBe(1);
    expect(checkBooking(moved, '2026-03-05')).toEqual({ ok: true });
    expect(moved.doctorAppointments).toEqual([visit(2)]);
  });

  it("leaves other reps' visits and the rep's visits at other clinics alone", () => {
    const other = { date: DAY, status: 'booked', clinicId: 11 };
    const ctx = ctxOf({ doctorAppointments: [visit(2)], repAppointments: [other] });
    expect(withoutVisit(ctx, { date: DAY, repId: 1, clinicId: 10 })).toEqual(ctx);
  });
});

describe('holds', () => {
  const offered = entry(5, 3, { status: 'offered', offerExpiresAt: new Date(NOW.getTime() + 60_000), heldStartTime: '10:15' });

  it('count a running offer as a visit of the day, until its expiry (exclusive)', () => {
    expect(isHolding(offered, NOW)).toBe(true);
    expect(isHolding(offered, new Date(NOW.getTime() + 60_000))).toBe(false);
    expect(isHolding({ status: 'offered', offerExpiresAt: '2026-03-02T04:31:00.000Z' }, NOW)).toBe(true);
    expect(isHolding({ status: 'waiting', offerExpiresAt: null }, NOW)).toBe(false);
    expect(holdsAsAppointments(DAY, [offered, entry(6, 4)], NOW)).toEqual([{ date: DAY, status: 'held', repId: 3, startTime: '10:15' }]);
    expect(holdsAsAppointments(DAY, [offered], NOW, 5)).toEqual([]);
  });

  it('make the day full for everyone else', () => {
    const ctx = ctxOf({ doctorAppointments: [visit(1), ...holdsAsAppointments(DAY, [offered], NOW)] });
    expect(checkBooking(ctx, DAY)).toMatchObject({ ok: false, reason: 'full', message: { id: BOOKING_MESSAGES.full } });
  });

  it('read expired once the hold ran out, before anything marks them so', () => {
    expect(waitlistStatusAt(offered, NOW)).toBe('offered');
    expect(waitlistStatusAt(offered, offerExpiry(NOW, 1))).toBe('expired');
    expect(waitlistStatusAt(entry(1, 1), NOW)).toBe('waiting');
  });
});

describe('the line', () => {
  it('is first come, first served by id; positions count waiting entries only', () => {
    const line = [entry(9, 3), entry(4, 1, { status: 'offered' }), entry(7, 2), entry(2, 9, { status: 'declined' })];
    expect(lineOrder(line).map((e) => e.id)).toEqual([7, 9]);
    expect(waitlistPosition(line, 7)).toBe(1);
    expect(waitlistPosition(line, 9)).toBe(2);
    expect(waitlistPosition(line, 4)).toBeNull();
  });
});

describe('checkWaitlistJoin', () => {
  it('lets a rep join a day that is full for them and for no other reason', () => {
    expect(checkWaitlistJoin(ctxOf({ doctorAppointments: [visit(1), visit(2)] }), DAY)).toEqual({ ok: true });
  });

  it('sends a rep with a free slot to book it', () => {
    expect(checkWaitlistJoin(ctxOf({ doctorAppointments: [visit(1)] }), DAY)).toEqual({
      ok: false,
      code: 'slots_available',
      message: { id: WAITLIST_MESSAGES.slotsAvailable },
      status: 409,
    });
  });

  it("answers any other rule's refusal with that rule's words", () => {
    const full = [visit(1), visit(2)];
    const frozen = ctxOf({ doctorAppointments: full, repAppointments: [{ date: '2026-02-28', status: 'completed', clinicId: 10 }] });
    expect(checkWaitlistJoin(frozen, DAY)).toMatchObject({ ok: false, code: 'frequency', status: 409 });
    expect(checkWaitlistJoin(ctxOf({ doctorAppointments: full, absences: [{ from: DAY, to: DAY, wholeClinic: false }] }), DAY)).toEqual({
      ok: false,
      code: 'leave',
      message: { id: BOOKING_MESSAGES.leave },
      status: 409,
    });
    expect(checkWaitlistJoin(ctxOf({ doctorAppointments: full }), '2026-03-01')).toMatchObject({ ok: false, code: 'past', status: 400 });
  });
});

describe('timeToHold', () => {
  const windows = { maxSlots: 3, callFrequency: 7, availableDays: EVERY_DAY, visitWindows: [{ start: '10:00', end: '11:00' }], slotMinutes: 15 };

  it('holds the earliest free visit time, or the day for a whole-day doctor; nothing when the day is full', () => {
    expect(timeToHold(ctxOf({ settings: windows, doctorAppointments: [visit(1, DAY, '10:00')] }), DAY)).toBe('10:15');
    expect(timeToHold(ctxOf({ doctorAppointments: [visit(1)] }), DAY)).toBeNull();
    expect(timeToHold(ctxOf({ doctorAppointments: [visit(1), visit(2)] }), DAY)).toBeUndefined();
  });

  it('today, skips the times that have started', () => {
    expect(timeToHold(ctxOf({ settings: windows, nowTime: '10:20' }), TODAY)).toBe('10:30');
  });
});

describe('planOffers', () => {
  const plan = (ctx: BookingContext, line: WaitlistFact[], candidates: Record<number, LineCandidate> = {}) =>
    planOffers({ ctx, date: DAY, line, candidateOf: (id) => candidates[id] ?? free, now: NOW, holdMinutes: 120 });

  it('offers each free slot to the first in line, holding it for the configured minutes', () => {
    const offers = plan(ctxOf({ doctorAppointments: [visit(1)] }), [entry(8, 3), entry(5, 2)]);
    expect(offers).toEqual([{ id: 5, repId: 2, heldStartTime: null, offerExpiresAt: new Date('2026-03-02T06:30:00.000Z'), holdMinutes: 120 }]);
  });

  it('counts running holds, and offers as many slots as are free', () => {
    const holding = entry(1, 7, { status: 'offered', offerExpiresAt: new Date(NOW.getTime() + 1000) });
    const ctx = ctxOf({ settings: { maxSlots: 3, callFrequency: 7, availableDays: EVERY_DAY }, doctorAppointments: holdsAsAppointments(DAY, [holding], NOW) });
    expect(plan(ctx, [holding, entry(2, 3), entry(3, 4), entry(4, 5)]).map((o) => o.id)).toEqual([2, 3]);
  });

  it('passes over a rep the rules refuse for another reason than a full day, who keeps the place', () => {
    const ctx = ctxOf({ doctorAppointments: [visit(1)] });
    const candidates = {
      2: { mayBook: false, repAppointments: [] },
      3: { mayBook: true, repAppointments: [{ date: DAY, status: 'booked', clinicId: 11 }] },
    };
    expect(plan(ctx, [entry(1, 2), entry(2, 3), entry(3, 4)], candidates).map((o) => o.id)).toEqual([3]);
  });

  it('offers nothing on a day closed, on leave or full', () => {
    const line = [entry(1, 2)];
    expect(plan(ctxOf({ closedDates: [DAY] }), line)).toEqual([]);
    expect(plan(ctxOf({ absences: [{ from: DAY, to: DAY, wholeClinic: true }] }), line)).toEqual([]);
    expect(plan(ctxOf({ doctorAppointments: [visit(1), visit(5)] }), line)).toEqual([]);
  });

  it('holds distinct free times with visiting hours', () => {
    const settings = { maxSlots: 4, callFrequency: 7, availableDays: EVERY_DAY, visitWindows: [{ start: '10:00', end: '11:00' }], slotMinutes: 15 };
    const offers = plan(ctxOf({ settings, doctorAppointments: [visit(1, DAY, '10:15')] }), [entry(1, 2), entry(2, 3), entry(3, 4), entry(4, 5)]);
    expect(offers.map((o) => o.heldStartTime)).toEqual(['10:00', '10:30', '10:45']);
  });
});

describe('one running offer per doctor (decision 050)', () => {
  const plan = (line: WaitlistFact[], candidates: Record<number, LineCandidate>) =>
    planOffers({ ctx: ctxOf({ doctorAppointments: [visit(1)] }), date: DAY, line, candidateOf: (id) => candidates[id] ?? free, now: NOW, holdMinutes: 120 });
  const running = { id: 90, status: 'offered', offerExpiresAt: new Date(NOW.getTime() + 60_000) };

  it('passes over a rep who holds a running offer of the doctor on another day, who keeps the place', () => {
    const offers = plan([entry(1, 2), entry(2, 3)], { 2: { ...free, offersWithDoctor: [running] } });
    expect(offers.map((o) => o.id)).toEqual([2]);
  });

  it('offers again once that offer has run out', () => {
    const ranOut = { ...running, offerExpiresAt: new Date(NOW.getTime() - 1) };
    expect(plan([entry(1, 2), entry(2, 3)], { 2: { ...free, offersWithDoctor: [ranOut] } }).map((o) => o.id)).toEqual([1]);
  });
});

describe('offerHoldEnd (decision 050)', () => {
  const at = (iso: string) => new Date(iso);
  const end = (now: string, date: string, startTime: string | null = null, holdMinutes = 120) =>
    offerHoldEnd({ now: at(now), date, startTime, holdMinutes })?.toISOString() ?? null;

  it('holds for the setting while the visit is two days off or more', () => {
    expect(end('2026-03-02T04:30:00.000Z', DAY)).toBe('2026-03-02T06:30:00.000Z');
    expect(end('2026-03-02T04:30:00.000Z', DAY, null, 45)).toBe('2026-03-02T05:15:00.000Z');
  });

  it('at most 30 minutes from the day before the visit on', () => {
    // Tuesday 10:00 in India, for Wednesday.
    expect(end('2026-03-03T04:30:00.000Z', DAY)).toBe('2026-03-03T05:00:00.000Z');
    expect(end('2026-03-03T04:30:00.000Z', DAY, null, 20)).toBe('2026-03-03T04:50:00.000Z');
  });

  it('never past 2 hours before the visit starts: 09:00 in India for a whole day, else its time', () => {
    // Wednesday 06:45 in India: a whole-day visit starts 09:00, the chain ends 07:00.
    expect(end('2026-03-04T01:15:00.000Z', DAY)).toBe('2026-03-04T01:30:00.000Z');
    // A 14:00 visit the same morning: its chain ends 12:00, so 30 minutes still fit.
    expect(end('2026-03-04T01:15:00.000Z', DAY, '14:00')).toBe('2026-03-04T01:45:00.000Z');
    // A 10:00 visit, offered at 07:45: 15 minutes left until 08:00.
    expect(end('2026-03-04T02:15:00.000Z', DAY, '10:00')).toBe('2026-03-04T02:30:00.000Z');
  });

  it('no offer once less than 10 minutes are left: the chain has ended', () => {
    expect(end('2026-03-04T01:21:00.000Z', DAY)).toBeNull(); // 06:51, 9 minutes before 07:00
    expect(end('2026-03-04T02:00:00.000Z', DAY)).toBeNull(); // 07:30, past the chain's end
    expect(end('2026-03-04T01:20:00.000Z', DAY)).toBe('2026-03-04T01:30:00.000Z'); // 06:50: 10 minutes
  });

  it('planOffers holds only a time whose chain has not ended, and nothing once every one has', () => {
    const settings = {
      maxSlots: 3,
      callFrequency: 7,
      availableDays: EVERY_DAY,
      visitWindows: [
        { start: '09:00', end: '09:30' },
        { start: '15:00', end: '15:15' },
      ],
      slotMinutes: 15,
    };
    // Wednesday 08:00 in India: 09:00 and 09:15 are past their chain's end (07:00, 07:15); 15:00 is not.
    const now = at('2026-03-04T02:30:00.000Z');
    const ctx = ctxOf({ settings, today: DAY, nowTime: '08:00' });
    const offers = planOffers({ ctx, date: DAY, line: [entry(1, 2), entry(2, 3)], candidateOf: () => free, now, holdMinutes: 120 });
    expect(offers).toEqual([{ id: 1, repId: 2, heldStartTime: '15:00', offerExpiresAt: at('2026-03-04T03:00:00.000Z'), holdMinutes: 30 }]);
    const whole = ctxOf({ today: DAY, nowTime: '08:00' });
    expect(planOffers({ ctx: whole, date: DAY, line: [entry(1, 2)], candidateOf: () => free, now, holdMinutes: 120 })).toEqual([]);
  });
});
