import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, weekdayOf } from '../dates';
import { canRepCancel, checkBooking, dayStatus, daysStatus, frequencyCutoffFor, type BookingContext } from './booking-rules';

// Property tests: random sequences of book, cancel and day-advance, applied through the module, compared at
// every step with a plain model written from the spec's sentences (part 2, 4 and 5).

type Appt = { id: number; repId: number; clinicId: number; date: string; status: 'booked' | 'confirmed' | 'completed' | 'cancelled' };
type Action =
  | { kind: 'book'; repId: number; clinicId: number; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'confirm'; pick: number }
  | { kind: 'advance'; days: number }
  | { kind: 'closeToday'; clinicId: number };

const REPS = [1, 2, 3, 4];
// Three clinics: the spec's cutoff alone lets a third visit in between (docs/decisions/034).
const CLINICS = [10, 11, 12];
const START = '2026-03-02';

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      repId: fc.constantFrom(...REPS),
      clinicId: fc.constantFrom(...CLINICS),
      offset: fc.integer({ min: -3, max: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 10 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeToday' as const), clinicId: fc.constantFrom(...CLINICS) }) },
);

/** Closed days, as 'clinicId:date' (the clinic's "Cancel Today's Calls"). */
type Closures = Set<string>;
const closedAt = (closures: Closures, clinicId: number) =>
  new Set([...closures].filter((k) => k.startsWith(`${clinicId}:`)).map((k) => k.slice(k.indexOf(':') + 1)));

const settingsArb = fc.record({
  maxSlots: fc.integer({ min: 1, max: 3 }),
  callFrequency: fc.constantFrom(7, 14, 21, 28),
  availableDays: fc.record({
    monday: fc.boolean(),
    tuesday: fc.boolean(),
    wednesday: fc.boolean(),
    thursday: fc.boolean(),
    friday: fc.boolean(),
    saturday: fc.boolean(),
    sunday: fc.boolean(),
  }),
});

/** The plain model: each sentence of the spec, checked directly over the list of appointments. */
function modelAllows(
  appts: Appt[],
  s: { maxSlots: number; callFrequency: number; availableDays: Record<string, boolean> },
  repId: number,
  clinicId: number,
  date: string,
  today: string,
  closures: Closures,
): boolean {
  const live = appts.filter((a) => a.status !== 'cancelled');
  const mine = live.filter((a) => a.repId === repId);
  // "Selectable dates: not past"
  if (date < today) return false;
  // "on an available weekday"
  if (!s.availableDays[weekdayOf(date)]) return false;
  // A day the clinic cancelled this doctor's calls is closed to new bookings.
  if (closures.has(`${clinicId}:${date}`)) return false;
  // "One appointment per rep per doctor per date"
  if (mine.some((a) => a.date === date)) return false;
  // "A rep with a future active (booked or confirmed) appointment with this doctor and clinic cannot pick a date"
  if (mine.some((a) => a.clinicId === clinicId && (a.status === 'booked' || a.status === 'confirmed') && a.date >= today)) return false;
  // "Call frequency": walk the calendar day by day.
  const upcoming = mine
    .filter((a) => (a.status === 'booked' || a.status === 'confirmed') && a.date >= today)
    .map((a) => a.date)
    .sort();
  if (upcoming.length > 0) {
    let blocked = today;
    while (blocked <= upcoming[0]!) blocked = addDays(blocked, 1); // up to and including it
    for (let i = 0; i < s.callFrequency; i++) {
      if (date === blocked) return false;
      blocked = addDays(blocked, 1);
    }
    if (date <= upcoming[0]!) return false;
  } else {
    const past = mine.map((a) => a.date).sort();
    const last = past.at(-1);
    if (last !== undefined) {
      let d = last;
      for (let i = 0; i < s.callFrequency; i++) {
        if (date === d) return false;
        d = addDays(d, 1);
      }
      if (date < last) return false;
    }
  }
  // Its intent (docs/decisions/034): none of the rep's visits with the doctor, at any clinic, fewer days away
  // than this clinic's frequency.
  if (mine.some((a) => Math.abs(daysBetween(a.date, date)) < s.callFrequency)) return false;
  // "Remaining slots = max slots minus non-cancelled appointments that date"
  return live.filter((a) => a.clinicId === clinicId && a.date === date).length < s.maxSlots;
}

function contextFor(
  appts: Appt[],
  settings: BookingContext['settings'],
  repId: number,
  clinicId: number,
  today: string,
  closures: Closures = new Set(),
): BookingContext {
  return {
    settings,
    clinicId,
    doctorAppointments: appts.filter((a) => a.clinicId === clinicId).map((a) => ({ date: a.date, status: a.status, repId: a.repId })),
    repAppointments: appts.filter((a) => a.repId === repId).map((a) => ({ date: a.date, status: a.status, clinicId: a.clinicId })),
    today,
    closedDates: closedAt(closures, clinicId),
  };
}

describe('booking rules against a plain model', () => {
  it('agree on every booking decision over random sequences, and the invariants hold', () => {
    fc.assert(
      fc.property(settingsArb, fc.array(actionArb, { minLength: 1, maxLength: 60 }), (settings, actions) => {
        let today = START;
        const appts: Appt[] = [];
        const closures: Closures = new Set();
        for (const action of actions) {
          if (action.kind === 'advance') {
            today = addDays(today, action.days);
            // Yesterday's visits happened.
            for (const a of appts) if (a.date < today && a.status !== 'cancelled') a.status = 'completed';
          } else if (action.kind === 'closeToday') {
            // The clinic cancels today's active calls and the day closes.
            for (const a of appts)
              if (a.clinicId === action.clinicId && a.date === today && (a.status === 'booked' || a.status === 'confirmed')) a.status = 'cancelled';
            closures.add(`${action.clinicId}:${today}`);
          } else if (action.kind === 'book') {
            const date = addDays(today, action.offset);
            const ctx = contextFor(appts, settings, action.repId, action.clinicId, today, closures);
            const check = checkBooking(ctx, date);
            const allowed = modelAllows(appts, settings, action.repId, action.clinicId, date, today, closures);
            expect(check.ok).toBe(allowed);
            // The calendar says the same as the server, and the month view the same as each day alone.
            expect(dayStatus(ctx, date).selectable).toBe(check.ok);
            const month = Array.from({ length: 31 }, (_, i) => addDays(today, i - 3));
            expect(daysStatus(ctx, month)).toEqual(month.map((d) => dayStatus(ctx, d)));
            if (check.ok) appts.push({ id: appts.length + 1, repId: action.repId, clinicId: action.clinicId, date, status: 'booked' });
          } else if (appts.length > 0) {
            const a = appts[action.pick % appts.length]!;
            if (action.kind === 'confirm') {
              if (a.status === 'booked') a.status = 'confirmed';
            } else {
              const may = canRepCancel(a, today);
              expect(may.ok).toBe(a.status === 'booked' && a.date > today);
              if (may.ok) a.status = 'cancelled';
            }
          }
          // Invariants after every step.
          const live = appts.filter((a) => a.status !== 'cancelled');
          // No active appointment on a day its clinic closed.
          for (const a of live) if (a.status === 'booked' || a.status === 'confirmed') expect(closures.has(`${a.clinicId}:${a.date}`)).toBe(false);
          for (const clinicId of CLINICS) {
            const perDate = new Map<string, number>();
            for (const a of live.filter((x) => x.clinicId === clinicId)) perDate.set(a.date, (perDate.get(a.date) ?? 0) + 1);
            for (const n of perDate.values()) expect(n).toBeLessThanOrEqual(settings.maxSlots);
            for (const [date, n] of perDate) {
              expect(dayStatus(contextFor(appts, settings, 1, clinicId, today), date).slotsLeft).toBe(Math.max(0, settings.maxSlots - n));
            }
          }
          for (const repId of REPS) {
            const mine = live.filter((a) => a.repId === repId);
            expect(new Set(mine.map((a) => a.date)).size).toBe(mine.length);
            for (const clinicId of CLINICS) {
              const activeFuture = mine.filter((a) => a.clinicId === clinicId && (a.status === 'booked' || a.status === 'confirmed') && a.date >= today);
              expect(activeFuture.length).toBeLessThanOrEqual(1);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("keeps any two of a rep's visits with the doctor, at any number of clinics, the booked clinic's frequency apart", () => {
    // docs/decisions/034. Each clinic has its own frequency; the rep books, cancels and lives through the days.
    const everyDay = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
    const stepArb = fc.record({
      clinic: fc.nat(),
      offset: fc.integer({ min: 0, max: 70 }),
      advance: fc.integer({ min: 0, max: 4 }),
      cancel: fc.option(fc.nat(), { freq: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(7, 14, 21, 28), { minLength: 3, maxLength: 5 }),
        fc.array(stepArb, { minLength: 1, maxLength: 30 }),
        (freqs, steps) => {
          let today = START;
          const visits: (Appt & { freq: number })[] = [];
          for (const step of steps) {
            today = addDays(today, step.advance);
            for (const v of visits) if (v.date < today && v.status !== 'cancelled') v.status = 'completed';
            if (step.cancel !== null && visits.length > 0) {
              const v = visits[step.cancel % visits.length]!;
              if (canRepCancel(v, today).ok) v.status = 'cancelled';
            }
            const clinicId = step.clinic % freqs.length;
            const freq = freqs[clinicId]!;
            const settings = { maxSlots: 3, callFrequency: freq, availableDays: everyDay };
            const ctx = contextFor(visits, settings, 1, clinicId, today);
            const date = addDays(today, step.offset);
            const check = checkBooking(ctx, date);
            const day = dayStatus(ctx, date);
            // The calendar marks what the server refuses for call frequency, with the same date in its message.
            expect(day.reason === 'frequency').toBe(!check.ok && check.reason === 'frequency');
            if (day.reason === 'frequency') {
              const cutoff = day.cutoff!;
              expect(!check.ok && check.cutoff).toBe(cutoff);
              // The message's date is honest: the days up to it are frozen, the date itself is not.
              expect(cutoff > date).toBe(true);
              expect(frequencyCutoffFor(ctx, cutoff)).toBe(null);
              for (let d = date; d < cutoff; d = addDays(d, 1)) expect(frequencyCutoffFor(ctx, d)).toBe(cutoff);
            }
            if (!check.ok) continue;
            for (const v of visits) {
              if (v.status !== 'cancelled') expect(Math.abs(daysBetween(v.date, date)), `${v.date} and ${date} at ${freq} days`).toBeGreaterThanOrEqual(freq);
            }
            visits.push({ id: visits.length + 1, repId: 1, clinicId, date, status: 'booked', freq });
          }
          // Whatever happened, the live visits keep the spacing each was booked with.
          const live = visits.filter((v) => v.status !== 'cancelled');
          for (const a of live) for (const b of live) if (a.id < b.id) expect(Math.abs(daysBetween(a.date, b.date))).toBeGreaterThanOrEqual(b.freq);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a selectable day is always bookable and a booked day is never selectable for that rep again', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer({ min: 0, max: 30 }), fc.constantFrom(...CLINICS), (settings, offset, clinicId) => {
        const today = START;
        const date = addDays(today, offset);
        const ctx = contextFor([], settings, 1, clinicId, today);
        const day = dayStatus(ctx, date);
        expect(day.selectable).toBe(settings.availableDays[weekdayOf(date)]);
        if (!day.selectable) return;
        const after = contextFor([{ id: 1, repId: 1, clinicId, date, status: 'booked' }], settings, 1, clinicId, today);
        expect(dayStatus(after, date).reason).toBe('already_booked');
        expect(dayStatus(after, date).slotsLeft).toBe(settings.maxSlots - 1);
      }),
    );
  });

  it('addDays agrees with the calendar arithmetic of Date for any date and offset', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), fc.integer({ min: -800, max: 800 }), (d, n) => {
        const iso = d.toISOString().slice(0, 10);
        expect(addDays(iso, n)).toBe(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n)).toISOString().slice(0, 10));
      }),
      { numRuns: 2000 },
    );
  });
});
