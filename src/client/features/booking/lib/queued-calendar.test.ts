import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, datesOfMonth } from '../../../../shared/booking/booking-rules';
import type { BookingCalendarResponse, DaySlotsResponse } from '../../../../shared/schemas/booking';
import type { PendingAppointment } from '../../../lib/offline-queue';
import { createI18n } from '../../../../shared/i18n/translator';
import { daySlotsFromCalendar, queuedBookingRefusal as refusalOf, withQueuedBookings, withQueuedTimes } from './queued-calendar';

// The refusal as an English reader sees it (the rules give descriptors, docs/decisions/068).
const ENGLISH = createI18n('en');
const queuedBookingRefusal = (...args: Parameters<typeof refusalOf>) => {
  const refusal = refusalOf(...args);
  return refusal && ENGLISH._(refusal);
};

// Decision 033: the rules of spec part 2, 5 applied on the device to a kept calendar and the bookings waiting there.

const REP = 7;
const DOCTOR = 3;
const HERE = 5;
const THERE = 6;
const TODAY = '2026-03-10';

/** The server's March 2026 for the doctor at clinic `HERE`, every day open, 2 slots, frequency 7 (as kept offline). */
function calendar(over: Partial<BookingCalendarResponse> = {}): BookingCalendarResponse {
  return {
    today: TODAY,
    month: '2026-03',
    settings: {
      doctorName: 'Dr. Asha Rao',
      maxSlots: 2,
      callFrequency: 7,
      availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true },
      visitWindows: [],
      slotMinutes: 15,
    },
    days: datesOfMonth('2026-03').map((date) =>
      date < TODAY ? { date, selectable: false, reason: 'past' as const, slotsLeft: 2 } : { date, selectable: true, reason: null, slotsLeft: 2 },
    ),
    hasFutureAppointment: false,
    futureAppointment: null,
    frequencyCutoff: null,
    lastBookableDate: '2026-06-08',
    subscriptionActive: true,
    ...over,
  };
}

const waiting = (appointmentDate: string, o: { clinicId?: number; repId?: number; doctorId?: number; startTime?: string } = {}): PendingAppointment => ({
  id: `appointment_1_${appointmentDate}`,
  data: {
    repId: o.repId ?? REP,
    doctorId: o.doctorId ?? DOCTOR,
    clinicId: o.clinicId ?? HERE,
    appointmentDate,
    ...(o.startTime ? { startTime: o.startTime } : {}),
  },
  timestamp: 1,
});

const target = { repId: REP, doctorId: DOCTOR, clinicId: HERE };
const day = (days: ReturnType<typeof withQueuedBookings>, date: string) => days.find((d) => d.date === date)!;

describe('withQueuedBookings', () => {
  it('leaves the calendar as the server gave it when nothing of this rep with this doctor waits', () => {
    const cal = calendar();
    expect(withQueuedBookings(cal, [], target)).toBe(cal.days);
    const others = [waiting('2026-03-12', { repId: 8 }), waiting('2026-03-12', { doctorId: 4 }), waiting('2026-03-09')];
    expect(withQueuedBookings(cal, others, target)).toEqual(cal.days);
  });

  it('one active visit with the doctor at this clinic: the waiting day is marked pending, every other day is locked', () => {
    const days = withQueuedBookings(calendar(), [waiting('2026-03-12')], target);
    expect(day(days, '2026-03-12')).toMatchObject({ selectable: false, reason: 'already_booked', pending: true });
    for (const date of ['2026-03-10', '2026-03-11', '2026-03-13', '2026-03-31']) {
      expect(day(days, date)).toMatchObject({ selectable: false, reason: 'has_future_appointment' });
      expect(day(days, date).pending).toBeUndefined();
    }
    // What the server had refused stays refused, for its own reason.
    expect(day(days, '2026-03-09')).toMatchObject({ selectable: false, reason: 'past' });
  });

  it('at another clinic of the doctor: the same day is taken and the days after it are frozen by call frequency', () => {
    const days = withQueuedBookings(calendar(), [waiting('2026-03-12', { clinicId: THERE })], target);
    expect(day(days, '2026-03-12')).toMatchObject({ selectable: false, reason: 'already_booked', pending: true });
    for (const date of ['2026-03-13', '2026-03-15', '2026-03-18']) expect(day(days, date)).toMatchObject({ selectable: false, reason: 'frequency' });
    expect(day(days, '2026-03-31')).toMatchObject({ selectable: true, reason: null });
  });

  it('keeps what the server refused (a full day stays full, a closed one closed)', () => {
    const cal = calendar();
    cal.days = cal.days.map((d) =>
      d.date === '2026-03-25'
        ? { ...d, selectable: false, reason: 'full', slotsLeft: 0 }
        : d.date === '2026-03-26'
          ? { ...d, selectable: false, reason: 'closed' }
          : d,
    );
    const days = withQueuedBookings(cal, [waiting('2026-03-12', { clinicId: THERE })], target);
    expect(day(days, '2026-03-25')).toMatchObject({ reason: 'full', slotsLeft: 0 });
    expect(day(days, '2026-03-26')).toMatchObject({ reason: 'closed' });
  });
});

describe('planned absences kept offline (docs/decisions/040)', () => {
  // The server marked the doctor's leave on 23-25 March and the whole clinic closed on the 27th.
  const withAbsences = () => {
    const cal = calendar();
    const reasonOf = (date: string) => (date >= '2026-03-23' && date <= '2026-03-25' ? 'leave' : date === '2026-03-27' ? 'clinic_closed' : null);
    cal.days = cal.days.map((d) => {
      const reason = reasonOf(d.date);
      return reason ? { ...d, selectable: false, reason } : d;
    });
    return cal;
  };

  it('a leave or closed-clinic day keeps its reason whatever waits on the device, a waiting booking on it included', () => {
    // One booking waits at another clinic of the doctor, one on a day the clinic has since put on leave.
    const queued = [waiting('2026-03-12', { clinicId: THERE }), waiting('2026-03-24', { clinicId: THERE })];
    const days = withQueuedBookings(withAbsences(), queued, target);
    for (const date of ['2026-03-23', '2026-03-25']) expect(day(days, date)).toMatchObject({ selectable: false, reason: 'leave' });
    expect(day(days, '2026-03-24')).toMatchObject({ selectable: false, reason: 'leave', pending: true });
    expect(day(days, '2026-03-27')).toMatchObject({ selectable: false, reason: 'clinic_closed' });
    // Days around them are ruled as before.
    expect(day(days, '2026-03-15')).toMatchObject({ selectable: false, reason: 'frequency' });
  });

  it("is never queued: refused with the issue's message, with or without bookings waiting", () => {
    const cal = withAbsences();
    for (const queued of [[], [waiting('2026-03-12', { clinicId: THERE })]]) {
      expect(queuedBookingRefusal(cal, queued, target, '2026-03-24')).toBe(BOOKING_MESSAGES.leave);
      expect(queuedBookingRefusal(cal, queued, target, '2026-03-27')).toBe(BOOKING_MESSAGES.clinicClosed);
      expect(queuedBookingRefusal(cal, queued, target, '2026-03-31')).toBeNull();
    }
    expect(BOOKING_MESSAGES.leave).toBe('The doctor is on leave on this date. Please select another date.');
    expect(BOOKING_MESSAGES.clinicClosed).toBe('The clinic is closed on this date. Please select another date.');
  });
});

describe('queuedBookingRefusal', () => {
  it("gives the spec's message for each booking the waiting ones rule out, and null for one they allow", () => {
    const cal = calendar();
    expect(queuedBookingRefusal(cal, [waiting('2026-03-12')], target, '2026-03-20')).toBe(BOOKING_MESSAGES.hasFutureAppointment);
    expect(queuedBookingRefusal(cal, [waiting('2026-03-12', { clinicId: THERE })], target, '2026-03-12')).toBe(BOOKING_MESSAGES.alreadyBookedOnDate);
    expect(queuedBookingRefusal(cal, [waiting('2026-03-12', { clinicId: THERE })], target, '2026-03-14')).toMatch(
      /^Due to call frequency restrictions, you cannot book an appointment before \d\d\/03\/2026\. Please select a later date\.$/,
    );
    expect(queuedBookingRefusal(cal, [waiting('2026-03-12', { clinicId: THERE })], target, '2026-03-31')).toBeNull();
    expect(queuedBookingRefusal(cal, [], target, '2026-03-12')).toBeNull();
  });
});

// Docs/decisions/039: visiting hours 15:30-16:30, 15-minute visits (four times a day).
const WINDOWS = [{ start: '15:30', end: '16:30' }];
const withWindows = (over: Partial<BookingCalendarResponse> = {}) => {
  const cal = calendar(over);
  return { ...cal, settings: { ...cal.settings, maxSlots: 10, visitWindows: WINDOWS } };
};
const times = (free: Record<string, boolean>, slotsLeft: number): DaySlotsResponse => ({
  date: '2026-03-12',
  windows: WINDOWS,
  slotMinutes: 15,
  slots: Object.entries(free).map(([time, available]) => ({ time, available })),
  slotsLeft,
});

describe('withQueuedTimes', () => {
  it("marks the time of the rep's waiting booking that day taken and pending, one slot fewer", () => {
    const day = times({ '15:30': false, '15:45': true, '16:00': true, '16:15': true }, 3);
    const marked = withQueuedTimes(day, [waiting('2026-03-12', { startTime: '16:00' })], target);
    expect(marked.slots).toEqual([
      { time: '15:30', available: false },
      { time: '15:45', available: true },
      { time: '16:00', available: false, pending: true },
      { time: '16:15', available: true },
    ]);
    expect(marked.slotsLeft).toBe(2);
  });

  it('leaves the times alone for waiting bookings of another day, clinic, doctor or rep, or without a time', () => {
    const day = times({ '15:30': true, '15:45': true }, 2);
    const others = [
      waiting('2026-03-13', { startTime: '15:30' }),
      waiting('2026-03-12', { startTime: '15:30', clinicId: THERE }),
      waiting('2026-03-12', { startTime: '15:30', doctorId: 4 }),
      waiting('2026-03-12', { startTime: '15:30', repId: 8 }),
      waiting('2026-03-12'),
    ];
    expect(withQueuedTimes(day, others, target)).toBe(day);
  });
});

describe('daySlotsFromCalendar (offline, times never loaded on this device)', () => {
  it("offers every time of the windows while the day has slots, and none of today's that have begun", () => {
    const cal = withWindows();
    expect(daySlotsFromCalendar(cal, '2026-03-12', '15:40')).toEqual({
      date: '2026-03-12',
      windows: WINDOWS,
      slotMinutes: 15,
      slots: ['15:30', '15:45', '16:00', '16:15'].map((time) => ({ time, available: true })),
      slotsLeft: 2,
    });
    const today = daySlotsFromCalendar(cal, TODAY, '15:40');
    expect(today.slots.filter((s) => s.available).map((s) => s.time)).toEqual(['15:45', '16:00', '16:15']);
  });

  it('offers none on a day the calendar says is full', () => {
    const cal = withWindows();
    cal.days = cal.days.map((d) => (d.date === '2026-03-12' ? { ...d, selectable: false, reason: 'full' as const, slotsLeft: 0 } : d));
    const day = daySlotsFromCalendar(cal, '2026-03-12');
    expect(day.slotsLeft).toBe(0);
    expect(day.slots.every((s) => !s.available)).toBe(true);
  });
});
