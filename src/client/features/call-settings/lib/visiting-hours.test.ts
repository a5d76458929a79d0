import { describe, expect, it } from 'vitest';
// The English plurals come with the clinic's page (decision 045).
import '../../../lib/english-plurals';
import { dayCapacityLine, NO_VISITING_HOURS, nextWindow, windowCapacityLine } from './visiting-hours';

// What the Visiting hours editor tells the clinic (decision 039).

describe('visiting hours lines', () => {
  it("says how many visits a window holds and the day's total, capped by Max Slots", () => {
    expect(windowCapacityLine({ start: '15:30', end: '16:30' }, 15)).toBe('15:30-16:30 holds 4 visits of 15 minutes');
    expect(windowCapacityLine({ start: '15:30', end: '16:00' }, 20)).toBe('15:30-16:00 holds 1 visit of 20 minutes');
    const windows = [
      { start: '15:30', end: '16:30' },
      { start: '10:00', end: '11:00' },
    ];
    expect(dayCapacityLine({ visitWindows: windows, slotMinutes: 15, maxSlots: 10 })).toBe('Up to 8 visits a day.');
    expect(dayCapacityLine({ visitWindows: windows, slotMinutes: 15, maxSlots: 5 })).toBe('Up to 8 visits a day; Max Slots caps it at 5.');
  });

  it('says the whole day without windows, and nothing while the windows are wrong', () => {
    expect(dayCapacityLine({ visitWindows: [], slotMinutes: 15, maxSlots: 3 })).toBe(NO_VISITING_HOURS);
    expect(dayCapacityLine({ visitWindows: [{ start: '17:00', end: '16:00' }], slotMinutes: 15, maxSlots: 3 })).toBeNull();
  });

  it("proposes a new window an hour after the latest one's end", () => {
    expect(nextWindow([])).toEqual({ start: '10:00', end: '11:00' });
    expect(
      nextWindow([
        { start: '15:30', end: '16:30' },
        { start: '10:00', end: '11:00' },
      ]),
    ).toEqual({ start: '17:30', end: '18:30' });
  });
});
