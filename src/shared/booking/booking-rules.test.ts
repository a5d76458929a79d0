import { describe, expect, it } from 'vitest';
import type { Message } from '../i18n/message';
import { createI18n } from '../i18n/translator';
import {
  BOOKING_MESSAGES,
  callFrequencyCutoff,
  canRepCancel,
  checkBooking,
  checkVisitTime,
  datesOfMonth,
  dayRefusalMessage,
  dayStatus,
  frequencyCutoffFor,
  futureAppointmentAtClinic,
  isInRepList,
  normalizeAvailableDays,
  remainingSlots,
  type BookingContext,
  type DayBlockReason,
  type DoctorAppointmentFact,
  type RepAppointmentFact,
} from './booking-rules';

// A rule's message as an English reader sees it (docs/decisions/068: rules give descriptors).
const ENGLISH = createI18n('en');
const inEnglish = (message: Message) => ENGLISH._(message);

// 2026-03-02 is a Monday. The doctor works Monday to Saturday, 2 slots, call frequency 7 days.
const TODAY = '2026-03-02';
const CLINIC = 10;
const OTHER_CLINIC = 11;
const ME = 1;
const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false };

function ctx(
  o: {
    doctor?: DoctorAppointmentFact[];
    mine?: RepAppointmentFact[];
    today?: string;
    maxSlots?: number;
    freq?: number;
    closed?: BookingContext['closedDates'];
  } = {},
): BookingContext {
  const mine = o.mine ?? [];
  return {
    settings: { maxSlots: o.maxSlots ?? 2, callFrequency: o.freq ?? 7, availableDays: weekdays },
    clinicId: CLINIC,
    // The doctor's appointments at this clinic include the rep's own ones there.
    doctorAppointments: [...(o.doctor ?? []), ...mine.filter((a) => a.clinicId === CLINIC).map((a) => ({ date: a.date, status: a.status, repId: ME }))],
    repAppointments: mine,
    today: o.today ?? TODAY,
    ...(o.closed ? { closedDates: o.closed } : {}),
  };
}

describe('remainingSlots', () => {
  it.each([
    { name: 'no appointments', doctor: [], left: 2 },
    { name: 'one booked', doctor: [{ date: '2026-03-04', status: 'booked', repId: 2 }], left: 1 },
    { name: 'cancelled ones do not count', doctor: [{ date: '2026-03-04', status: 'cancelled', repId: 2 }], left: 2 },
    {
      name: 'never below 0 (settings lowered after booking)',
      doctor: ['booked', 'confirmed', 'completed'].map((status, i) => ({ date: '2026-03-04', status, repId: 2 + i })),
      left: 0,
    },
    { name: 'other dates do not count', doctor: [{ date: '2026-03-05', status: 'booked', repId: 2 }], left: 2 },
  ])('$name -> $left', ({ doctor, left }) => {
    expect(remainingSlots(ctx({ doctor }), '2026-03-04')).toBe(left);
  });
});

describe('callFrequencyCutoff', () => {
  it.each([
    { name: 'no appointments', mine: [], cutoff: null },
    // earliest upcoming blocks up to and including it and the 7 days after it
    { name: 'upcoming at another clinic', mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }], cutoff: '2026-03-12' },
    {
      name: 'earliest of several upcoming',
      mine: [
        { date: '2026-03-20', status: 'booked', clinicId: OTHER_CLINIC },
        { date: '2026-03-05', status: 'confirmed', clinicId: OTHER_CLINIC },
      ],
      cutoff: '2026-03-13',
    },
    { name: 'upcoming today counts', mine: [{ date: TODAY, status: 'booked', clinicId: OTHER_CLINIC }], cutoff: '2026-03-10' },
    // only past visits: dates before last visit + 7 are blocked
    { name: 'past visit', mine: [{ date: '2026-02-27', status: 'completed', clinicId: CLINIC }], cutoff: '2026-03-06' },
    {
      name: 'last of several past visits',
      mine: [
        { date: '2026-02-20', status: 'completed', clinicId: CLINIC },
        { date: '2026-02-26', status: 'booked', clinicId: OTHER_CLINIC },
      ],
      cutoff: '2026-03-05',
    },
    { name: 'past visit long ago', mine: [{ date: '2026-02-01', status: 'completed', clinicId: CLINIC }], cutoff: null },
    { name: 'past visit exactly frequency days ago', mine: [{ date: '2026-02-23', status: 'completed', clinicId: CLINIC }], cutoff: null },
    { name: 'cancelled ones do not count', mine: [{ date: '2026-03-04', status: 'cancelled', clinicId: CLINIC }], cutoff: null },
  ])('$name -> $cutoff', ({ mine, cutoff }) => {
    expect(callFrequencyCutoff(ctx({ mine }))).toBe(cutoff);
  });

  it('uses the frequency of the settings', () => {
    expect(callFrequencyCutoff(ctx({ freq: 14, mine: [{ date: '2026-03-01', status: 'completed', clinicId: CLINIC }] }))).toBe('2026-03-15');
  });
});

describe('futureAppointmentAtClinic', () => {
  it.each([
    { name: 'booked later here', mine: [{ date: '2026-03-09', status: 'booked', clinicId: CLINIC }], found: '2026-03-09' },
    { name: 'confirmed today here', mine: [{ date: TODAY, status: 'confirmed', clinicId: CLINIC }], found: TODAY },
    { name: 'at another clinic', mine: [{ date: '2026-03-09', status: 'booked', clinicId: OTHER_CLINIC }], found: null },
    { name: 'cancelled', mine: [{ date: '2026-03-09', status: 'cancelled', clinicId: CLINIC }], found: null },
    { name: 'completed', mine: [{ date: '2026-03-09', status: 'completed', clinicId: CLINIC }], found: null },
    { name: 'past', mine: [{ date: '2026-02-27', status: 'booked', clinicId: CLINIC }], found: null },
  ])('$name -> $found', ({ mine, found }) => {
    expect(futureAppointmentAtClinic(ctx({ mine }))?.date ?? null).toBe(found);
  });
});

describe('dayStatus', () => {
  const full = [2, 3].map((repId) => ({ date: '2026-03-05', status: 'booked', repId }));
  it.each<{ name: string; date: string; o?: Parameters<typeof ctx>[0]; reason: DayBlockReason | null; slotsLeft: number; cutoff?: string }>([
    { name: 'today is selectable', date: TODAY, reason: null, slotsLeft: 2 },
    { name: 'a later weekday', date: '2026-03-07', reason: null, slotsLeft: 2 },
    { name: 'yesterday is past', date: '2026-03-01', reason: 'past', slotsLeft: 2 },
    { name: 'Sunday is not a working day', date: '2026-03-08', reason: 'unavailable_weekday', slotsLeft: 2 },
    { name: 'a full day', date: '2026-03-05', o: { doctor: full }, reason: 'full', slotsLeft: 0 },
    {
      name: 'a day with a cancelled booking is not full',
      date: '2026-03-05',
      o: { doctor: [full[0]!, { ...full[1]!, status: 'cancelled' }] },
      reason: null,
      slotsLeft: 1,
    },
    {
      name: 'my own day at another clinic',
      date: '2026-03-05',
      o: { mine: [{ date: '2026-03-05', status: 'booked', clinicId: OTHER_CLINIC }] },
      reason: 'already_booked',
      slotsLeft: 2,
    },
    {
      name: 'frozen after my appointment at another clinic',
      date: '2026-03-11',
      o: { mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }] },
      reason: 'frequency',
      slotsLeft: 2,
      cutoff: '2026-03-12',
    },
    {
      name: 'free again after the freeze',
      date: '2026-03-12',
      o: { mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }] },
      reason: null,
      slotsLeft: 2,
    },
    {
      name: 'any date while I have a future appointment here',
      date: '2026-04-15',
      o: { mine: [{ date: '2026-03-04', status: 'booked', clinicId: CLINIC }] },
      reason: 'has_future_appointment',
      slotsLeft: 2,
    },
    {
      name: 'the date of my future appointment here is already booked',
      date: '2026-03-04',
      o: { mine: [{ date: '2026-03-04', status: 'booked', clinicId: CLINIC }] },
      reason: 'already_booked',
      slotsLeft: 1,
    },
    { name: 'a day the clinic closed (list)', date: TODAY, o: { closed: [TODAY] }, reason: 'closed', slotsLeft: 2 },
    { name: 'a day the clinic closed (set)', date: TODAY, o: { closed: new Set([TODAY]) }, reason: 'closed', slotsLeft: 2 },
    { name: 'the day after a closed day is open', date: '2026-03-03', o: { closed: [TODAY] }, reason: null, slotsLeft: 2 },
    { name: 'an empty closure list closes nothing', date: TODAY, o: { closed: [] }, reason: null, slotsLeft: 2 },
    { name: 'a past closed day is past', date: '2026-02-27', o: { closed: ['2026-02-27'] }, reason: 'past', slotsLeft: 2 },
    { name: 'a closed Sunday is off', date: '2026-03-08', o: { closed: ['2026-03-08'] }, reason: 'unavailable_weekday', slotsLeft: 2 },
    {
      name: 'closed before full or frozen',
      date: '2026-03-05',
      o: { closed: ['2026-03-05'], doctor: full, mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }] },
      reason: 'closed',
      slotsLeft: 0,
    },
    {
      name: 'closed even with my cancelled appointment that day',
      date: TODAY,
      o: { closed: [TODAY], mine: [{ date: TODAY, status: 'cancelled', clinicId: CLINIC }] },
      reason: 'closed',
      slotsLeft: 2,
    },
  ])('$name', ({ date, o, reason, slotsLeft, cutoff }) => {
    const d = dayStatus(ctx(o), date);
    expect(d).toEqual({ date, selectable: reason === null, reason, slotsLeft, ...(cutoff ? { cutoff } : {}) });
  });
});

// docs/decisions/034: the spec's cutoff looks only at the earliest upcoming visit; with the doctor at three
// clinics a rep holding the 4th (clinic 11) and the 19th (clinic 12) must not get the 20th here either.
describe('call frequency with the doctor at three clinics', () => {
  const THIRD_CLINIC = 12;
  const mine = [
    { date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC },
    { date: '2026-03-19', status: 'booked', clinicId: THIRD_CLINIC },
  ];
  it.each([
    { date: '2026-03-11', cutoff: '2026-03-12', why: "the spec's cutoff after the earliest visit" },
    { date: '2026-03-12', cutoff: null, why: '8 days after the 4th, 7 before the 19th' },
    { date: '2026-03-13', cutoff: '2026-03-26', why: '6 days before the 19th' },
    { date: '2026-03-20', cutoff: '2026-03-26', why: 'one day after the 19th' },
    { date: '2026-03-25', cutoff: '2026-03-26', why: '6 days after the 19th' },
    { date: '2026-03-26', cutoff: null, why: '7 days after the 19th' },
  ])('$date: $why', ({ date, cutoff }) => {
    expect(frequencyCutoffFor(ctx({ mine }), date)).toBe(cutoff);
    const day = dayStatus(ctx({ mine }), date);
    expect(day.reason).toBe(cutoff ? 'frequency' : null);
    if (cutoff) {
      const check = checkBooking(ctx({ mine }), date);
      expect(check).toMatchObject({ ok: false, status: 409, reason: 'frequency', cutoff });
      expect(!check.ok && inEnglish(check.message)).toBe(
        `Due to call frequency restrictions, you cannot book an appointment before ${cutoff.split('-').reverse().join('/')}. Please select a later date.`,
      );
    }
  });

  it("uses the frequency of the clinic being booked, walking over the other clinics' closer visits", () => {
    // The 19th and 21st were booked at clinics with shorter frequencies; this clinic's 14 days reach past both.
    const close = [...mine, { date: '2026-03-21', status: 'booked', clinicId: 13 }];
    expect(frequencyCutoffFor(ctx({ mine: close, freq: 14 }), '2026-03-20')).toBe('2026-04-04');
    expect(frequencyCutoffFor(ctx({ mine: close, freq: 14 }), '2026-04-04')).toBe(null);
  });

  it('a cancelled visit leaves no freeze', () => {
    expect(frequencyCutoffFor(ctx({ mine: [mine[0]!, { ...mine[1]!, status: 'cancelled' }] }), '2026-03-20')).toBe(null);
  });
});

describe('dayRefusalMessage', () => {
  it.each<{ day: { reason: DayBlockReason; cutoff?: string }; message: string }>([
    { day: { reason: 'frequency', cutoff: '2026-03-26' }, message: inEnglish(BOOKING_MESSAGES.frequency('2026-03-26')) },
    { day: { reason: 'full' }, message: 'No appointment slots available for this date. Please select another date.' },
    { day: { reason: 'already_booked' }, message: 'You already have an appointment with this doctor on this date' },
    { day: { reason: 'closed' }, message: BOOKING_MESSAGES.closed },
    { day: { reason: 'beyond_horizon' }, message: 'Appointments can be booked up to 31/05/2026. Please select an earlier date.' },
    { day: { reason: 'unavailable_weekday' }, message: BOOKING_MESSAGES.unavailableWeekday },
    { day: { reason: 'past' }, message: BOOKING_MESSAGES.past },
  ])('$day.reason', ({ day, message }) => {
    expect(inEnglish(dayRefusalMessage(day, '2026-05-31'))).toBe(message);
  });
});

describe('checkBooking', () => {
  it.each<{ name: string; date: string; o?: Parameters<typeof ctx>[0]; status: number | null; message?: string }>([
    { name: 'a free day', date: '2026-03-04', status: null },
    { name: 'not a date', date: '2026-02-30', status: 400, message: BOOKING_MESSAGES.invalidDate },
    { name: 'a past day', date: '2026-02-27', status: 400, message: BOOKING_MESSAGES.past },
    { name: 'a Sunday', date: '2026-03-08', status: 400, message: BOOKING_MESSAGES.unavailableWeekday },
    {
      name: 'same date, other clinic',
      date: '2026-03-04',
      o: { mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }] },
      status: 409,
      message: 'You already have an appointment with this doctor on this date',
    },
    {
      name: 'a future appointment here',
      date: '2026-04-20',
      o: { mine: [{ date: '2026-03-04', status: 'confirmed', clinicId: CLINIC }] },
      status: 409,
      message:
        'You already have a future appointment with this doctor at this clinic. Please complete or cancel your current appointment before booking another one.',
    },
    {
      name: 'call frequency after a past visit',
      date: '2026-03-03',
      o: { mine: [{ date: '2026-02-27', status: 'completed', clinicId: CLINIC }] },
      status: 409,
      message: 'Due to call frequency restrictions, you cannot book an appointment before 06/03/2026. Please select a later date.',
    },
    {
      name: 'full',
      date: '2026-03-04',
      o: { maxSlots: 1, doctor: [{ date: '2026-03-04', status: 'booked', repId: 9 }] },
      status: 409,
      message: 'No appointment slots available for this date. Please select another date.',
    },
    {
      name: 'a day the clinic cancelled',
      date: TODAY,
      o: { closed: [TODAY] },
      status: 409,
      message: "The clinic has cancelled this doctor's calls for this date. Please select another date.",
    },
    { name: 'another day than the closed one', date: '2026-03-04', o: { closed: [TODAY] }, status: null },
  ])('$name', ({ date, o, status, message }) => {
    const r = checkBooking(ctx(o), date);
    if (status === null) return expect(r).toEqual({ ok: true });
    expect(r).toMatchObject({ ok: false, status });
    expect(!r.ok && inEnglish(r.message)).toBe(message);
  });

  it('gives the cutoff for the message', () => {
    const r = checkBooking(ctx({ mine: [{ date: '2026-03-04', status: 'booked', clinicId: OTHER_CLINIC }] }), '2026-03-06');
    expect(r).toMatchObject({ ok: false, reason: 'frequency', cutoff: '2026-03-12' });
  });
});

describe('checkVisitTime (visiting hours, docs/decisions/039)', () => {
  // The afternoon window 15:30-16:30 in 15-minute visits: 15:30, 15:45, 16:00, 16:15.
  const DAY = '2026-03-04';
  const timed = (o: { doctor?: DoctorAppointmentFact[]; nowTime?: string; windows?: boolean; slotMinutes?: number } = {}): BookingContext => ({
    ...ctx({ doctor: o.doctor ?? [], maxSlots: 10 }),
    settings: {
      maxSlots: 10,
      callFrequency: 7,
      availableDays: weekdays,
      visitWindows: o.windows === false ? [] : [{ start: '15:30', end: '16:30' }],
      slotMinutes: o.slotMinutes ?? 15,
    },
    ...(o.nowTime ? { nowTime: o.nowTime } : {}),
  });
  const visit = (startTime: string | null, status = 'booked', date = DAY): DoctorAppointmentFact => ({ date, status, repId: 9, startTime });
  const taken = { ok: false, code: 'visit_time_taken', status: 409, message: 'This visit time is no longer available. Please select another time.' };

  it.each<{ name: string; date?: string; time: string | undefined; o?: Parameters<typeof timed>[0]; result: object }>([
    { name: 'a free time', time: '15:45', result: { ok: true } },
    { name: 'the last visit of the window', time: '16:15', result: { ok: true } },
    { name: 'no time', time: undefined, result: { ok: false, code: 'visit_time_required', status: 400, message: 'Please select a visit time.' } },
    ...['15:40', '16:30', '09:00'].map((time) => ({
      name: `${time}, not the start of a visit`,
      time,
      result: { ok: false, code: 'visit_time_not_offered', status: 400, message: 'Please select one of the visit times offered.' },
    })),
    { name: 'a time without windows', time: '15:30', o: { windows: false }, result: { ok: false, code: 'visit_time_not_needed', status: 400 } },
    { name: 'no time without windows', time: undefined, o: { windows: false }, result: { ok: true } },
    { name: 'a taken time', time: '16:00', o: { doctor: [visit('16:00', 'confirmed')] }, result: taken },
    { name: 'a time freed by a cancellation', time: '16:00', o: { doctor: [visit('16:00', 'cancelled')] }, result: { ok: true } },
    { name: 'the same time on another day', time: '16:00', o: { doctor: [visit('16:00', 'booked', '2026-03-05')] }, result: { ok: true } },
    { name: 'a time a kept visit starts in', time: '15:30', o: { slotMinutes: 20, doctor: [visit('15:45')] }, result: taken },
    { name: 'today, a time that has begun', date: TODAY, time: '15:45', o: { nowTime: '15:45' }, result: taken },
    { name: 'today, a later time', date: TODAY, time: '16:00', o: { nowTime: '15:45' }, result: { ok: true } },
    { name: 'another day than today, whatever the hour', time: '15:30', o: { nowTime: '18:00' }, result: { ok: true } },
  ])('$name', ({ date, time, o, result }) => {
    expect(checkVisitTime(timed(o), date ?? DAY, time)).toMatchObject(result);
  });

  it('counts only the free times not yet begun in the slots left', () => {
    expect(remainingSlots(timed({ doctor: [visit('15:30')] }), DAY)).toBe(3);
    expect(remainingSlots(timed({ nowTime: '16:05' }), TODAY)).toBe(1);
    expect(checkBooking(timed({ nowTime: '16:20' }), TODAY)).toMatchObject({ ok: false, reason: 'full', status: 409 });
  });
});

describe('canRepCancel', () => {
  it.each([
    { status: 'booked', date: '2026-03-03', result: { ok: true } },
    { status: 'booked', date: TODAY, result: { ok: false, message: 'Cannot cancel on appointment day' } },
    { status: 'booked', date: '2026-02-20', result: { ok: false, message: 'Cannot cancel on appointment day' } },
    { status: 'completed', date: '2026-03-03', result: { ok: false, message: 'Appointment Completed' } },
    { status: 'cancelled', date: '2026-03-03', result: { ok: false, message: 'Appointment Cancelled' } },
    { status: 'confirmed', date: '2026-03-03', result: { ok: false, message: 'Confirmed by the clinic. Please call the clinic to change it.' } },
    { status: 'no_show', date: '2026-03-01', result: { ok: false, message: 'Marked as no-show by the clinic' } },
  ])('$status on $date', ({ status, date, result }) => {
    expect(canRepCancel({ status, date }, TODAY)).toEqual(result);
  });
});

describe('isInRepList', () => {
  it.each([
    { status: 'booked', date: TODAY, kept: true },
    { status: 'confirmed', date: '2026-03-10', kept: true },
    { status: 'completed', date: '2026-03-10', kept: true },
    { status: 'cancelled', date: '2026-03-10', kept: false },
    { status: 'booked', date: '2026-03-01', kept: false },
  ])('$status on $date -> $kept', ({ status, date, kept }) => {
    expect(isInRepList({ status, date }, TODAY)).toBe(kept);
  });
});

describe('helpers', () => {
  it('reads availableDays from an object or a JSON string', () => {
    expect(normalizeAvailableDays('{"Monday":true,"tuesday":false}')).toEqual({ monday: true, tuesday: false });
    expect(normalizeAvailableDays({ friday: true })).toEqual({ friday: true });
    expect(normalizeAvailableDays('nonsense')).toEqual({});
    expect(normalizeAvailableDays(null)).toEqual({});
  });

  it('lists the dates of a month', () => {
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-03').at(-1)).toBe('2026-03-31');
    expect(datesOfMonth('2026-13')).toEqual([]);
  });
});
