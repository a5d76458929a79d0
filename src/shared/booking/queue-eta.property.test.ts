import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateQueue, observedPace, type QueueVisit } from './queue-eta';
import { visitTokens } from './visit-windows';

// Property tests of the live queue's estimate (docs/decisions/074-live-queue.md), over random days: the sentences of
// the decision, each one a property.

const DATE = '2026-03-02';
const DAY_START = Date.parse('2026-03-02T03:30:00.000Z'); // 09:00 in India
const clock = (minutes: number) => {
  const m = 9 * 60 + minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const at = (minutes: number) => new Date(DAY_START + minutes * 60_000).toISOString();

const visitArb = fc.record({
  timed: fc.boolean(),
  startAt: fc.integer({ min: 0, max: 8 * 60 }), // 09:00 .. 17:00
  bookedOffset: fc.integer({ min: 0, max: 10_000 }),
  status: fc.constantFrom('booked', 'booked', 'confirmed', 'completed', 'no_show', 'cancelled'),
  arrived: fc.boolean(),
  called: fc.boolean(),
  roomMinutes: fc.integer({ min: 1, max: 40 }),
  calledAt: fc.integer({ min: 0, max: 8 * 60 }),
});

const dayArb = fc.record({
  visits: fc.array(visitArb, { minLength: 1, maxLength: 10 }),
  slotMinutes: fc.integer({ min: 5, max: 60 }),
  lateness: fc.integer({ min: 0, max: 180 }),
  nowAt: fc.integer({ min: -120, max: 9 * 60 }),
  timedDay: fc.boolean(),
});

type Day = { visits: QueueVisit[]; slotMinutes: number; lateness: number; now: Date };

type DayInput = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function dayOf(d: DayInput): Day {
  const visits = d.visits.map((v, i): QueueVisit => {
    const calledAt = v.status === 'completed' || (v.called && (v.status === 'booked' || v.status === 'confirmed')) ? at(v.calledAt) : null;
    return {
      id: i + 1,
      startTime: d.timedDay && v.timed ? clock(v.startAt) : null,
      bookedAt: new Date(DAY_START - 86_400_000 + v.bookedOffset * 1000).toISOString(),
      status: v.status,
      checkedInAt: v.arrived ? at(0) : null,
      calledAt,
      outcomeAt: v.status === 'completed' || v.status === 'no_show' ? at(v.calledAt + v.roomMinutes) : null,
    };
  });
  return { visits, slotMinutes: d.slotMinutes, lateness: d.lateness, now: new Date(DAY_START + d.nowAt * 60_000) };
}

const estimate = (day: Day, id: number, over: Partial<{ lateness: number; now: Date }> = {}) =>
  estimateQueue({
    visits: day.visits,
    visitId: id,
    date: DATE,
    slotMinutes: day.slotMinutes,
    latenessMinutes: over.lateness ?? day.lateness,
    now: over.now ?? day.now,
  })!;

const minutesUntilStart = (v: QueueVisit, now: Date) => {
  if (!v.startTime) return (Date.parse('2026-03-01T18:30:00.000Z') - now.getTime()) / 60_000;
  const [h, m] = v.startTime.split(':').map(Number) as [number, number];
  return (Date.parse('2026-03-01T18:30:00.000Z') + (h * 60 + m) * 60_000 - now.getTime()) / 60_000;
};

const waitingOf = (day: Day) => day.visits.filter((v) => (v.status === 'booked' || v.status === 'confirmed') && !v.calledAt);

describe('the live queue estimate (decision 074)', () => {
  it('never promises a time before the visit’s own start time (plus the lateness)', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const day = dayOf(d);
        for (const v of waitingOf(day)) {
          const q = estimate(day, v.id);
          expect(q.etaMinutes).not.toBeNull();
          expect(q.etaMinutes!).toBeGreaterThanOrEqual(minutesUntilStart(v, day.now) + day.lateness - 1e-9);
          expect(q.etaMinutes!).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('places the waiting visits 1, 2, 3… in the day’s order, and the ETA never falls as the place grows', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const day = dayOf(d);
        const tokens = visitTokens(day.visits);
        const states = waitingOf(day)
          .map((v) => ({ v, token: tokens.get(v.id)!, q: estimate(day, v.id) }))
          .sort((a, b) => a.token - b.token);
        states.forEach(({ v, q }, i) => {
          expect(q.status).toBe(v.checkedInAt ? 'arrived' : 'waiting');
          expect(q.position).toBe(i + 1);
          if (i > 0) {
            expect(q.etaMinutes!).toBeGreaterThanOrEqual(states[i - 1]!.q.etaMinutes!);
            expect(q.ahead).toBe(states[i - 1]!.q.ahead + 1);
          }
        });
      }),
    );
  });

  it('counts as ahead every visit waiting before it, arrived or not, and the ones in the room', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const day = dayOf(d);
        const inRoom = day.visits.filter((v) => (v.status === 'booked' || v.status === 'confirmed') && v.calledAt).length;
        for (const v of waitingOf(day)) {
          const q = estimate(day, v.id);
          expect(q.ahead).toBe(q.position! - 1 + inRoom);
        }
      }),
    );
  });

  it('moves the ETA by exactly the lateness', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 180 }), (d, extra) => {
        const day = dayOf(d);
        for (const v of waitingOf(day)) {
          const onTime = estimate(day, v.id, { lateness: 0 });
          const late = estimate(day, v.id, { lateness: extra });
          expect(late.etaMinutes! - onTime.etaMinutes!).toBe(extra);
          expect(late.lateByMinutes).toBe(extra);
        }
      }),
    );
  });

  it('says called with an ETA of 0 for a visit in the room, and no place or ETA once seen or gone', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const day = dayOf(d);
        for (const v of day.visits) {
          const q = estimate(day, v.id);
          if (v.status === 'cancelled') expect(q).toMatchObject({ status: 'cancelled', position: null, etaMinutes: null });
          else if (v.status === 'no_show') expect(q).toMatchObject({ status: 'no_show', position: null, etaMinutes: null });
          else if (v.status === 'completed') expect(q).toMatchObject({ status: 'done', position: null, etaMinutes: null });
          else if (v.calledAt) expect(q).toMatchObject({ status: 'called', position: null, etaMinutes: 0, calledAt: v.calledAt });
        }
      }),
    );
  });

  it('never grows as time passes while nothing else changes, once the start times have passed', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 120 }), (d, later) => {
        const day = dayOf(d);
        const afterEveryStart = new Date(DAY_START + 8 * 60 * 60_000 + 60_000);
        for (const v of waitingOf(day)) {
          const a = estimate(day, v.id, { now: afterEveryStart });
          const b = estimate(day, v.id, { now: new Date(afterEveryStart.getTime() + later * 60_000) });
          expect(b.etaMinutes!).toBeLessThanOrEqual(a.etaMinutes!);
        }
      }),
    );
  });

  it('uses the visit length until three visits are done, then the day’s pace', () => {
    const done = (id: number, from: number, minutes: number): QueueVisit => ({
      id,
      startTime: null,
      bookedAt: at(-600 + id),
      status: 'completed',
      checkedInAt: at(from),
      calledAt: at(from),
      outcomeAt: at(from + minutes),
    });
    const two = [done(1, 0, 30), done(2, 30, 30)];
    expect(observedPace(two, 10)).toBe(10);
    expect(observedPace([...two, done(3, 60, 30)], 10)).toBe(30);
    const waiting = (id: number): QueueVisit => ({
      id,
      startTime: null,
      bookedAt: at(id),
      status: 'booked',
      checkedInAt: null,
      calledAt: null,
      outcomeAt: null,
    });
    const day = {
      visits: [done(1, 0, 30), done(2, 30, 30), done(3, 60, 30), waiting(4), waiting(5)],
      slotMinutes: 10,
      lateness: 0,
      now: new Date(DAY_START + 90 * 60_000),
    };
    expect(estimate(day, 5).etaMinutes).toBe(30);
  });
});
