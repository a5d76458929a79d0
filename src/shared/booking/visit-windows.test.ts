import { describe, expect, it } from 'vitest';
import {
  clockTime,
  dayCapacity,
  daySlots,
  formatVisitWindows,
  isClockTime,
  minutesOf,
  slotsOfWindow,
  slotTimes,
  takenSlotTimes,
  VISIT_WINDOW_MESSAGES,
  visitEnd,
  visitTokens,
  visitWindowProblems,
  type DayVisit,
} from './visit-windows';

// Visiting hours and the day's order (docs/decisions/039-visit-windows-and-tokens.md), by example; the
// properties are in visit-windows.property.test.ts.

const AFTERNOON = { start: '15:30', end: '17:00' };
const EVENING = { start: '18:00', end: '19:00' };

describe('clock times', () => {
  it.each(['00:00', '09:05', '15:30', '23:59'])('%s is a time', (t) => {
    expect(isClockTime(t)).toBe(true);
    expect(clockTime(minutesOf(t)!)).toBe(t);
  });
  it.each(['24:00', '9:05', '15:60', '1530', '3:30 PM', '', '15:30:00'])('%s is not', (t) => {
    expect(isClockTime(t)).toBe(false);
    expect(minutesOf(t)).toBeNull();
  });
  it('ends a visit one visit length later', () => {
    expect(visitEnd('2026-03-02', '15:45', 15)).toEqual({ date: '2026-03-02', time: '16:00' });
    expect(visitEnd('2026-03-02', '16:50', 20)).toEqual({ date: '2026-03-02', time: '17:10' });
  });
  it('ends a late visit on the next day when its length carries it past midnight', () => {
    expect(visitEnd('2026-03-31', '23:50', 15)).toEqual({ date: '2026-04-01', time: '00:05' });
    expect(visitEnd('2026-03-02', '23:45', 15)).toEqual({ date: '2026-03-03', time: '00:00' });
  });
});

describe('slots of the windows', () => {
  it('cuts a window into whole visits from its start', () => {
    expect(slotsOfWindow(AFTERNOON, 15)).toEqual(['15:30', '15:45', '16:00', '16:15', '16:30', '16:45']);
    // 50 minutes hold three 15-minute visits; the 10 minutes left hold none.
    expect(slotsOfWindow({ start: '15:30', end: '16:20' }, 15)).toEqual(['15:30', '15:45', '16:00']);
    expect(slotsOfWindow({ start: '15:30', end: '15:40' }, 15)).toEqual([]);
  });
  it('lists the day earliest first, whatever order the windows come in', () => {
    expect(slotTimes([EVENING, AFTERNOON], 30)).toEqual(['15:30', '16:00', '16:30', '18:00', '18:30']);
    expect(slotTimes([], 15)).toEqual([]);
  });
  it('caps the day at Max Slots; no windows is Max Slots', () => {
    expect(dayCapacity({ visitWindows: [AFTERNOON], slotMinutes: 15, maxSlots: 10 })).toBe(6);
    expect(dayCapacity({ visitWindows: [AFTERNOON], slotMinutes: 15, maxSlots: 4 })).toBe(4);
    expect(dayCapacity({ visitWindows: [], slotMinutes: 15, maxSlots: 4 })).toBe(4);
  });
  it('shows the windows as reps read them', () => {
    expect(formatVisitWindows([EVENING, AFTERNOON])).toBe('15:30-17:00, 18:00-19:00');
    expect(formatVisitWindows([])).toBe('');
  });
});

describe('visitWindowProblems', () => {
  const problems = (windows: { start: string; end: string }[], slotMinutes = 15) => visitWindowProblems(windows, slotMinutes);

  it('accepts none, one to three windows, and windows that touch', () => {
    expect(problems([])).toEqual([]);
    expect(problems([AFTERNOON, EVENING])).toEqual([]);
    expect(problems([{ start: '09:00', end: '10:00' }, { start: '10:00', end: '11:00' }, EVENING])).toEqual([]);
  });
  it('refuses a fourth window', () => {
    const four = ['08', '10', '12', '14'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }));
    expect(problems(four)).toEqual([{ index: null, field: 'windows', message: VISIT_WINDOW_MESSAGES.tooMany }]);
  });
  it('says which time is not a time', () => {
    expect(problems([{ start: '3:30', end: '17:00' }])).toEqual([{ index: 0, field: 'start', message: VISIT_WINDOW_MESSAGES.time }]);
    expect(problems([AFTERNOON, { start: '18:00', end: '' }])).toEqual([{ index: 1, field: 'end', message: VISIT_WINDOW_MESSAGES.time }]);
  });
  it('refuses a window that ends before it starts or holds no visit', () => {
    expect(problems([{ start: '17:00', end: '15:30' }])).toEqual([{ index: 0, field: 'end', message: VISIT_WINDOW_MESSAGES.order }]);
    expect(problems([{ start: '15:30', end: '15:30' }])).toEqual([{ index: 0, field: 'end', message: VISIT_WINDOW_MESSAGES.order }]);
    expect(problems([{ start: '15:30', end: '15:40' }])).toEqual([{ index: 0, field: 'end', message: VISIT_WINDOW_MESSAGES.tooShort }]);
    expect(problems([{ start: '15:30', end: '15:45' }])).toEqual([]);
  });
  it('marks each window that overlaps an earlier one, also one inside a long window', () => {
    expect(problems([AFTERNOON, { start: '16:30', end: '18:00' }])).toEqual([{ index: 1, field: 'start', message: VISIT_WINDOW_MESSAGES.overlap }]);
    const inside = problems([
      { start: '10:00', end: '14:00' },
      { start: '11:00', end: '11:30' },
      { start: '12:00', end: '12:30' },
    ]);
    expect(inside).toEqual([
      { index: 1, field: 'start', message: VISIT_WINDOW_MESSAGES.overlap },
      { index: 2, field: 'start', message: VISIT_WINDOW_MESSAGES.overlap },
    ]);
  });
  it.each([4, 61, 7.5, Number.NaN])('refuses a visit length of %s minutes', (slotMinutes) => {
    expect(problems([AFTERNOON], slotMinutes)).toEqual([{ index: null, field: 'slotMinutes', message: VISIT_WINDOW_MESSAGES.slotMinutes }]);
  });
});

describe('visitTokens', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 4, minute)).toISOString();
  it('orders the day by time, then booking time, then id; untimed visits last; cancelled ones take no place', () => {
    const visits: DayVisit[] = [
      { id: 1, startTime: '16:00', bookedAt: at(1), status: 'booked' },
      { id: 2, startTime: '15:30', bookedAt: at(5), status: 'confirmed' },
      { id: 3, startTime: null, bookedAt: at(0), status: 'booked' },
      { id: 4, startTime: '15:15', bookedAt: at(0), status: 'cancelled' },
      { id: 5, startTime: '16:00', bookedAt: at(0), status: 'completed' },
      { id: 7, startTime: '16:00', bookedAt: new Date(at(0)), status: 'booked' },
    ];
    expect([...visitTokens(visits)].sort((a, b) => a[1] - b[1])).toEqual([
      [2, 1],
      [5, 2],
      [7, 3],
      [1, 4],
      [3, 5],
    ]);
  });
  it('numbers whole-day visits by booking order', () => {
    const tokens = visitTokens([
      { id: 9, startTime: null, bookedAt: at(3), status: 'booked' },
      { id: 8, startTime: null, bookedAt: at(2), status: 'booked' },
    ]);
    expect(tokens.get(8)).toBe(1);
    expect(tokens.get(9)).toBe(2);
  });
});

describe('the times of a day', () => {
  const windows = [{ start: '15:30', end: '16:30' }];
  const booked = (startTime: string | null, status = 'booked') => ({ startTime, status });

  it('a visit holds the time it starts in, a cancelled one none', () => {
    expect(takenSlotTimes({ visitWindows: windows, slotMinutes: 15, visits: [booked('15:45')] })).toEqual(new Set(['15:45']));
    // Kept from 15-minute visits after the length became 20: 15:45 falls in the 15:30 visit.
    expect(takenSlotTimes({ visitWindows: windows, slotMinutes: 20, visits: [booked('15:45')] })).toEqual(new Set(['15:30']));
    // Outside the windows, in the 10 minutes no visit fits, untimed or cancelled: no time held.
    const none = [booked('10:00'), booked('16:32'), booked(null), booked('15:30', 'cancelled')];
    expect(takenSlotTimes({ visitWindows: [{ start: '15:30', end: '16:35' }], slotMinutes: 15, visits: none })).toEqual(new Set());
  });

  it('offers the free times, not those started today, and no more than Max Slots allows', () => {
    const day = daySlots({ visitWindows: windows, slotMinutes: 15, maxSlots: 10, taken: [booked('15:45'), booked('16:00', 'cancelled')] });
    expect(day).toEqual({
      slots: [
        { time: '15:30', available: true },
        { time: '15:45', available: false },
        { time: '16:00', available: true },
        { time: '16:15', available: true },
      ],
      slotsLeft: 3,
    });
    const afternoon = daySlots({ visitWindows: windows, slotMinutes: 15, maxSlots: 10, taken: [], nowTime: '15:45' });
    expect(afternoon.slots.filter((s) => s.available).map((s) => s.time)).toEqual(['16:00', '16:15']);
    expect(afternoon.slotsLeft).toBe(2);
    const full = daySlots({ visitWindows: windows, slotMinutes: 15, maxSlots: 2, taken: [booked('15:30'), booked(null)] });
    expect(full).toEqual({ slots: full.slots.map((s) => ({ ...s, available: false })), slotsLeft: 0 });
  });

  it('has no times without windows, and Max Slots less the visits left', () => {
    expect(daySlots({ visitWindows: [], slotMinutes: 15, maxSlots: 3, taken: [booked(null), booked(null, 'cancelled')] })).toEqual({ slots: [], slotsLeft: 2 });
  });
});
