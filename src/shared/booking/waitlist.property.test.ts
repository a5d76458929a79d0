import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import { checkBooking, remainingSlots, type BookingContext, type DoctorAppointmentFact } from './booking-rules';
import { holdsAsAppointments, offerHoldEnd, planOffers, visitStartOf, withoutVisit, type LineCandidate, type WaitlistFact } from './waitlist';
import { slotTimes, takenSlotTimes } from './visit-windows';

// Property tests of the waitlist's offering and of judging a move without the moved visit (docs/decisions/043): over
// random days, lines and reps, compared with the plain sentences of the decision.

const TODAY = '2026-03-02';
const NOW = new Date('2026-03-02T04:30:00.000Z');
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const CLINIC = 10;

const windowsArb = fc.oneof(
  fc.constant([]),
  fc.constant([{ start: '10:00', end: '11:00' }]),
  fc.constant([
    { start: '09:00', end: '09:30' },
    { start: '17:00', end: '18:00' },
  ]),
);

const dayArb = fc.record({
  offset: fc.integer({ min: 0, max: 6 }),
  maxSlots: fc.integer({ min: 1, max: 5 }),
  windows: windowsArb,
  slotMinutes: fc.constantFrom(15, 30),
  // Reps 100.. hold the day's visits; each at a time of the day or none.
  visits: fc.array(fc.record({ repId: fc.integer({ min: 100, max: 120 }), pick: fc.nat() }), { maxLength: 6 }),
  // The line: reps 1..8, each waiting, holding a running offer, or an offer run out.
  line: fc.uniqueArray(
    fc.record({
      repId: fc.integer({ min: 1, max: 8 }),
      kind: fc.constantFrom('waiting', 'waiting', 'waiting', 'holding', 'ran-out'),
      mayBook: fc.boolean(),
      bookedThatDay: fc.boolean(),
      pick: fc.nat(),
    }),
    { selector: (e) => e.repId, maxLength: 8 },
  ),
  closed: fc.boolean(),
});

type Day = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function setUp(d: Day) {
  const date = addDays(TODAY, d.offset);
  const times = slotTimes(d.windows, d.slotMinutes);
  const timeOf = (pick: number) => (times.length === 0 ? null : times[pick % times.length]!);
  const seen = new Set<string | null>();
  const visits: DoctorAppointmentFact[] = [];
  for (const v of d.visits) {
    const t = timeOf(v.pick);
    // One visit per time, as the unique index keeps it.
    if (t !== null && seen.has(t)) continue;
    seen.add(t);
    visits.push({ date, status: 'booked', repId: v.repId, startTime: t });
  }
  const line: WaitlistFact[] = d.line.map((e, i) => ({
    id: i + 1,
    repId: e.repId,
    status: e.kind === 'waiting' ? 'waiting' : 'offered',
    offerExpiresAt: e.kind === 'holding' ? new Date(NOW.getTime() + 60_000) : e.kind === 'ran-out' ? new Date(NOW.getTime() - 1) : null,
    heldStartTime: e.kind === 'waiting' ? null : timeOf(e.pick),
  }));
  const candidates = new Map<number, LineCandidate>(
    d.line.map((e) => [e.repId, { mayBook: e.mayBook, repAppointments: e.bookedThatDay ? [{ date, status: 'booked', clinicId: CLINIC + 1 }] : [] }]),
  );
  const ctx: BookingContext = {
    settings: { maxSlots: d.maxSlots, callFrequency: 7, availableDays: EVERY_DAY, visitWindows: d.windows, slotMinutes: d.slotMinutes },
    clinicId: CLINIC,
    doctorAppointments: [...visits, ...holdsAsAppointments(date, line, NOW)],
    repAppointments: [],
    today: TODAY,
    nowTime: '10:00',
    closedDates: d.closed ? [date] : [],
  };
  return { date, ctx, line, candidates };
}

const eligible = (ctx: BookingContext, date: string, c: LineCandidate | undefined) =>
  !!c && c.mayBook && checkBooking({ ...ctx, repAppointments: c.repAppointments }, date).ok;

describe('planOffers against the decision', () => {
  // Two days off or more, every free time can be held for the setting's 120 minutes (decision 050 bounds the nearer).
  it('offers min(free slots, eligible reps) in line order, never more than the day holds, each a distinct free time', () => {
    fc.assert(
      fc.property(
        dayArb.filter((d) => d.offset >= 2),
        (d) => {
          const { date, ctx, line, candidates } = setUp(d);
          const offers = planOffers({ ctx, date, line, candidateOf: (id) => candidates.get(id), now: NOW, holdMinutes: 120 });
          const before = remainingSlots(ctx, date);
          const open = checkBooking(ctx, date).ok;
          const waiting = line.filter((e) => e.status === 'waiting').sort((a, b) => a.id - b.id);
          const willing = waiting.filter((e) => eligible(ctx, date, candidates.get(e.repId)));

          // "while the day has a free slot and someone eligible waits": exactly that many, the first eligible ones.
          expect(offers.map((o) => o.id)).toEqual(open ? willing.slice(0, before).map((e) => e.id) : []);
          // Only waiting entries are offered; each rep once; the hold ends when configured.
          for (const o of offers) {
            expect(waiting.some((e) => e.id === o.id && e.repId === o.repId)).toBe(true);
            expect(o.offerExpiresAt.getTime() - NOW.getTime()).toBe(120 * 60_000);
          }
          // The new holds fill exactly the slots they took.
          const after: BookingContext = {
            ...ctx,
            doctorAppointments: [...ctx.doctorAppointments, ...offers.map((o) => ({ date, status: 'held', repId: o.repId, startTime: o.heldStartTime }))],
          };
          expect(remainingSlots(after, date)).toBe(before - offers.length);
          // With visiting hours each hold is a distinct time that was free; without them, none.
          const held = offers.map((o) => o.heldStartTime);
          if (d.windows.length === 0) expect(held.every((t) => t === null)).toBe(true);
          else {
            const taken = takenSlotTimes({ visitWindows: d.windows, slotMinutes: d.slotMinutes, visits: ctx.doctorAppointments });
            expect(new Set(held).size).toBe(held.length);
            for (const t of held) expect(t !== null && !taken.has(t)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the hold of an offer against decision 050', () => {
  it('ends at the earliest of the setting, 2 hours before the visit and (from the day before) 30 minutes; at least 10 minutes', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(5, 30, 120, 600), (d, holdMinutes) => {
        const { date, ctx, line, candidates } = setUp(d);
        const offers = planOffers({ ctx, date, line, candidateOf: (id) => candidates.get(id), now: NOW, holdMinutes });
        for (const o of offers) {
          const held = o.offerExpiresAt.getTime() - NOW.getTime();
          expect(o.offerExpiresAt).toEqual(offerHoldEnd({ now: NOW, date, startTime: o.heldStartTime, holdMinutes }));
          expect(held).toBeLessThanOrEqual(holdMinutes * 60_000);
          expect(held).toBeGreaterThanOrEqual(Math.min(10, holdMinutes) * 60_000);
          expect(o.offerExpiresAt.getTime()).toBeLessThanOrEqual(visitStartOf(date, o.heldStartTime).getTime() - 2 * 3_600_000);
          if (d.offset <= 1) expect(held).toBeLessThanOrEqual(30 * 60_000);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('withoutVisit against the decision', () => {
  it("frees exactly the moved visit's place: one slot of its day, and nothing of anyone else's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 2, max: 9 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        (maxSlots, others, offset) => {
          const date = addDays(TODAY, offset);
          const mine = { date, status: 'booked', repId: 1, startTime: null };
          const ctx: BookingContext = {
            settings: { maxSlots, callFrequency: 7, availableDays: EVERY_DAY },
            clinicId: CLINIC,
            doctorAppointments: [mine, ...others.map((repId) => ({ date, status: 'booked', repId, startTime: null }))],
            repAppointments: [{ date, status: 'booked', clinicId: CLINIC }],
            today: TODAY,
          };
          const moved = withoutVisit(ctx, { date, repId: 1, clinicId: CLINIC });
          expect(remainingSlots(moved, date)).toBe(Math.max(0, maxSlots - others.length));
          expect(moved.repAppointments).toEqual([]);
          expect(moved.doctorAppointments).toHaveLength(others.length);
          // Its own day is then judged as a booking by a rep with no visit there: full only when the others fill it.
          expect(checkBooking(moved, date).ok).toBe(others.length < maxSlots);
        },
      ),
      { numRuns: 300 },
    );
  });
});
