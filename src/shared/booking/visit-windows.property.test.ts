import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  dayCapacity,
  daySlots,
  isClockTime,
  minutesOf,
  SLOT_MINUTES,
  slotsOfWindow,
  slotTimes,
  VISIT_WINDOWS_MAX,
  visitTokens,
  visitWindowProblems,
  type DayVisit,
  type VisitWindow,
} from './visit-windows';

// Property tests of visiting hours and the day's order (docs/decisions/039-visit-windows-and-tokens.md), each
// against a plain model written from the sentences.

const DAY_MINUTES = 24 * 60;
const minuteArb = fc.integer({ min: 0, max: DAY_MINUTES - 1 });
const lengthArb = fc.integer({ min: SLOT_MINUTES.min, max: SLOT_MINUTES.max });

/** A window that starts before it ends and holds at least one visit of `slotMinutes`. */
const windowArb = (slotMinutes: number) =>
  fc
    .integer({ min: 0, max: DAY_MINUTES - 1 - slotMinutes })
    .chain((start) => fc.integer({ min: start + slotMinutes, max: DAY_MINUTES - 1 }).map((end) => ({ start: clockTime(start), end: clockTime(end) })));

/** Windows that do not overlap: up to three disjoint stretches of the day, each long enough for a visit. */
const validSetArb = lengthArb.chain((slotMinutes) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: DAY_MINUTES - 1 }), { minLength: 0, maxLength: VISIT_WINDOWS_MAX * 2 })
    .map((cuts) => [...cuts].sort((a, b) => a - b))
    .map((cuts) => {
      const windows: VisitWindow[] = [];
      for (let i = 0; i + 1 < cuts.length; i += 2) {
        if (cuts[i + 1]! - cuts[i]! >= slotMinutes) windows.push({ start: clockTime(cuts[i]!), end: clockTime(cuts[i + 1]!) });
      }
      return { windows, slotMinutes };
    }),
);

/** Mostly times, sometimes not (the form's free text). */
const timeTextArb = fc.oneof(
  { weight: 12, arbitrary: minuteArb.map(clockTime) },
  { weight: 1, arbitrary: fc.constantFrom('24:00', '9:30', '', '12:60', 'noon') },
);

/** The model of a saveable set: length 5..60 whole minutes, at most three windows of real times, each holding a visit, no minute in two windows. */
function modelValid(windows: readonly VisitWindow[], slotMinutes: number): boolean {
  if (!Number.isInteger(slotMinutes) || slotMinutes < SLOT_MINUTES.min || slotMinutes > SLOT_MINUTES.max) return false;
  if (windows.length > VISIT_WINDOWS_MAX) return false;
  const used = new Uint8Array(DAY_MINUTES);
  for (const w of windows) {
    if (!isClockTime(w.start) || !isClockTime(w.end)) return false;
    const start = minutesOf(w.start)!;
    const end = minutesOf(w.end)!;
    if (end - start < slotMinutes) return false;
    for (let m = start; m < end; m++) {
      if (used[m]) return false;
      used[m] = 1;
    }
  }
  return true;
}

describe('visiting hours against a plain model', () => {
  it("a window holds floor((end - start) / slotMinutes) visits, spaced by the visit's length, every one inside it", () => {
    fc.assert(
      fc.property(lengthArb, minuteArb, minuteArb, (slotMinutes, a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const slots = slotsOfWindow({ start: clockTime(start), end: clockTime(end) }, slotMinutes).map((t) => minutesOf(t)!);
        expect(slots).toHaveLength(Math.floor((end - start) / slotMinutes));
        slots.forEach((s, i) => {
          expect(s).toBe(start + i * slotMinutes);
          expect(s + slotMinutes).toBeLessThanOrEqual(end);
        });
      }),
    );
  });

  it("the day's capacity is Max Slots or the windows' visits, whichever is fewer", () => {
    fc.assert(
      fc.property(validSetArb, fc.integer({ min: 1, max: 100 }), ({ windows, slotMinutes }, maxSlots) => {
        const total = windows.reduce((n, w) => n + Math.floor((minutesOf(w.end)! - minutesOf(w.start)!) / slotMinutes), 0);
        expect(slotTimes(windows, slotMinutes)).toHaveLength(total);
        expect(dayCapacity({ visitWindows: windows, slotMinutes, maxSlots })).toBe(windows.length === 0 ? maxSlots : Math.min(maxSlots, total));
      }),
    );
  });

  it('visitWindowProblems accepts exactly the saveable sets (checked minute by minute)', () => {
    const anyWindow = fc.record({ start: timeTextArb, end: timeTextArb });
    // Windows drawn apart (rarely valid together) and valid sets with one window added or moved (often valid).
    const setArb = fc.oneof(
      fc.record({
        windows: fc.array(anyWindow, { maxLength: VISIT_WINDOWS_MAX + 1 }),
        slotMinutes: fc.oneof(lengthArb, fc.constantFrom(0, 4, 61, 7.5)),
      }),
      validSetArb.chain(({ windows, slotMinutes }) =>
        fc.option(windowArb(slotMinutes), { nil: undefined }).map((extra) => ({ windows: extra ? [...windows, extra] : windows, slotMinutes })),
      ),
      // On the edges: a window added a minute before, at or after another's end, a minute shorter than, as long as
      // or a minute longer than one visit.
      validSetArb.chain(({ windows, slotMinutes }) =>
        fc.record({ anchor: fc.nat(), shift: fc.integer({ min: -1, max: 1 }), stretch: fc.integer({ min: -1, max: 1 }) }).map(({ anchor, shift, stretch }) => {
          const after = windows.length === 0 ? 600 : minutesOf(windows[anchor % windows.length]!.end)!;
          const start = Math.max(0, after + shift);
          const end = Math.min(DAY_MINUTES - 1, start + slotMinutes + stretch);
          return { windows: [...windows, { start: clockTime(start), end: clockTime(end) }], slotMinutes };
        }),
      ),
    );
    fc.assert(
      fc.property(setArb, ({ windows, slotMinutes }) => {
        const problems = visitWindowProblems(windows, slotMinutes);
        expect(problems.length === 0, JSON.stringify({ windows, slotMinutes, problems })).toBe(modelValid(windows, slotMinutes));
        for (const p of problems) if (p.index !== null) expect(p.index).toBeLessThan(windows.length);
      }),
      { numRuns: 500 },
    );
  });

  it('tokens number the visits that are not cancelled 1..n by (time, booking time, id), untimed ones last', () => {
    const visitArb = fc.record({
      startTime: fc.option(fc.constantFrom('15:30', '15:45', '16:00', '16:15'), { nil: null }),
      bookedMinute: fc.integer({ min: 0, max: 5 }),
      status: fc.constantFrom('booked', 'confirmed', 'completed', 'cancelled'),
    });
    fc.assert(
      fc.property(fc.array(visitArb, { maxLength: 12 }), (drawn) => {
        const visits: DayVisit[] = drawn.map((v, i) => ({
          id: 100 - i * 7,
          startTime: v.startTime,
          bookedAt: new Date(Date.UTC(2026, 2, 1, 4, v.bookedMinute)),
          status: v.status,
        }));
        const tokens = visitTokens(visits);
        const counted = visits.filter((v) => v.status !== 'cancelled');
        expect([...tokens.values()].sort((a, b) => a - b)).toEqual(counted.map((_, i) => i + 1));
        for (const v of visits.filter((x) => x.status === 'cancelled')) expect(tokens.has(v.id)).toBe(false);
        // The model: a visit's token is one more than the visits that come before it.
        const key = (v: DayVisit) => [v.startTime === null ? DAY_MINUTES : minutesOf(v.startTime)!, (v.bookedAt as Date).getTime(), v.id];
        const before = (a: DayVisit, b: DayVisit) => {
          const [x, y] = [key(a), key(b)];
          for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
          return false;
        };
        for (const v of counted) expect(tokens.get(v.id)).toBe(1 + counted.filter((o) => before(o, v)).length);
      }),
    );
  });

  it("the day's slots left never exceed Max Slots less the visits nor the free times; a time is offered only when free", () => {
    const takenArb = fc.array(
      fc.record({
        startTime: fc.option(minuteArb.map(clockTime), { nil: null }),
        status: fc.constantFrom('booked', 'confirmed', 'completed', 'cancelled'),
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(
        validSetArb,
        fc.integer({ min: 1, max: 12 }),
        takenArb,
        fc.option(minuteArb.map(clockTime), { nil: undefined }),
        (set, maxSlots, taken, nowTime) => {
          const { windows, slotMinutes } = set;
          const day = daySlots({ visitWindows: windows, slotMinutes, maxSlots, taken, nowTime });
          const active = taken.filter((t) => t.status !== 'cancelled');
          // The model: a time is free when no active visit starts within it and, today, it has not begun.
          const isFree = (time: string) => {
            const s = minutesOf(time)!;
            const held = active.some((t) => t.startTime !== null && minutesOf(t.startTime)! >= s && minutesOf(t.startTime)! < s + slotMinutes);
            return !held && (nowTime === undefined || time > nowTime);
          };
          const times = slotTimes(windows, slotMinutes);
          const free = times.filter(isFree);
          expect(day.slots.map((s) => s.time)).toEqual(times);
          expect(day.slotsLeft).toBeGreaterThanOrEqual(0);
          expect(day.slotsLeft).toBeLessThanOrEqual(Math.max(0, maxSlots - active.length));
          if (windows.length === 0) expect(day.slotsLeft).toBe(Math.max(0, maxSlots - active.length));
          else expect(day.slotsLeft).toBe(Math.min(Math.max(0, maxSlots - active.length), free.length));
          expect(day.slots.filter((s) => s.available).map((s) => s.time)).toEqual(day.slotsLeft > 0 ? free : []);
        },
      ),
      { numRuns: 300 },
    );
  });
});
