import {
  callFrequencyCutoff,
  checkBooking,
  datesOfMonth,
  daysStatus,
  futureAppointmentAtClinic,
  lastBookableDate,
  normalizeAvailableDays,
  type BookingContext,
} from '../../../shared/booking/booking-rules';
import { timeInIndia, todayInIndia } from '../../../shared/dates';
import { daySlots, sortWindows } from '../../../shared/booking/visit-windows';
import { isHolding, withoutVisit, type MovedVisit } from '../../../shared/booking/waitlist';
import type { BookingCalendarResponse, DaySlotsResponse, DoctorAvailabilitySettings } from '../../../shared/schemas/booking';
import { isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import type { Deps as AppDeps } from '../../deps';
import { notFound, unauthorized } from '../../errors';
import { getBookableSettings } from '../directory/directory.service';
import { findCalendarInputs, findRepAppointment, type CalendarInputs, type HoldRow } from './booking.repo';
import { APPOINTMENT_NOT_FOUND, AVAILABILITY_NOT_FOUND } from './booking-day.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type CalendarDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A bookable link's call settings as the rep sees them. */
export const callSettingsOf = (
  link: Pick<CalendarInputs, 'doctorName' | 'availableDays' | 'maxSlots' | 'callFrequency' | 'visitWindows' | 'slotMinutes'>,
): DoctorAvailabilitySettings => ({
  doctorName: link.doctorName,
  availableDays: normalizeAvailableDays(link.availableDays),
  maxSlots: link.maxSlots,
  callFrequency: link.callFrequency,
  visitWindows: sortWindows(link.visitWindows ?? []),
  slotMinutes: link.slotMinutes,
});

/** spec part 2, 7: the doctor's call settings at a clinic (404 when the doctor is not bookable there). */
export async function getDoctorAvailability(deps: Deps, o: { clinicId: number; doctorId: number }): Promise<DoctorAvailabilitySettings> {
  const link = await getBookableSettings(deps, o);
  if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
  return callSettingsOf(link);
}

/**
 * What the availability calendar shows for a month: each day's state computed by the same rules the
 * booking applies (src/shared/booking), days the clinic closed ('closed'), the rep's future appointment here ('Booking Currently Disabled')
 * and the call-frequency cutoff.
 */
export async function getBookingCalendar(
  deps: CalendarDeps,
  o: { repId: number; clinicId: number; doctorId: number; month: string; rescheduleId?: number },
): Promise<{ month: CalendarMonth; subscriptionActive: boolean }> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const { rescheduleId, ...which } = o;
  const moved = await movedVisitOf(deps, o);
  const arg = { ...which, today, horizonDays: deps.config.BOOKING_HORIZON_DAYS, ...(moved ? { moved } : {}) };
  // One read: the month carries the rep's subscription, read in the month's statement (docs/decisions/077).
  const { month, rep } = await calendarCache.read(deps.db, arg);
  if (!rep) throw unauthorized();
  // Only the subscription depends on the instant; the rest is the cached month (shared: not changed here).
  return { month, subscriptionActive: isSubscriptionActive({ status: rep.status, expiresAt: rep.expiresAt, now }) };
}

export type CalendarMonth = Omit<BookingCalendarResponse, 'subscriptionActive'>;
/** A cached month with the rep's subscription as its statement read it (null: no such rep). */
type CalendarEntry = { month: CalendarMonth; rep: { status: string; expiresAt: Date | null } | null };
type CalendarArg = {
  repId: number;
  clinicId: number;
  doctorId: number;
  month: string;
  today: string;
  horizonDays: number;
  moved?: MovedVisit & { id: number };
};

/**
 * The visit a reschedule moves (docs/decisions/043): the rep's own, with this doctor at this clinic, or 404. The calendar
 * and the day's times are then judged as if it did not exist, as the move is; a visit no longer active holds no place
 * to leave out.
 */
async function movedVisitOf(
  deps: Pick<Deps, 'db'>,
  o: { repId: number; clinicId: number; doctorId: number; rescheduleId?: number },
): Promise<(MovedVisit & { id: number }) | undefined> {
  if (o.rescheduleId === undefined) return undefined;
  const visit = await findRepAppointment(deps.db, { id: o.rescheduleId, repId: o.repId });
  if (!visit || visit.clinic_id !== o.clinicId || visit.doctor_id !== o.doctorId) throw notFound(APPOINTMENT_NOT_FOUND);
  if (visit.status !== 'booked' && visit.status !== 'confirmed') return undefined;
  return { id: visit.id, date: visit.appointment_date, repId: o.repId, clinicId: o.clinicId };
}

/**
 * The context the rules judge: as if the visit being moved did not exist, with the waitlist offers' held slots as
 * visits. `now`: only offers still holding then count; without it every offer not yet closed counts (a cached month:
 * the sweep closes a run-out offer within a minute and announces the day, which drops the month).
 */
function judgedContext(base: BookingContext, holds: readonly HoldRow[], o: { moved?: MovedVisit; now?: Date }): BookingContext {
  const ctx = o.moved ? withoutVisit(base, o.moved) : base;
  const held = holds.filter((h) => !o.now || isHolding(h, o.now)).map((h) => ({ date: h.date, status: 'held', repId: h.repId, startTime: h.heldStartTime }));
  return { ...ctx, doctorAppointments: [...ctx.doctorAppointments, ...held] };
}

/**
 * A rep's month at a doctor's clinic as the calendar shows it, per Indian date (computing 30 days' states
 * was most of a calendar request's work, docs/decisions/015-read-caches.md). Dropped when the rep's
 * appointments, the doctor's month there, the doctor's closures there or the link change, or anything the
 * directory shows ('directory': rare), or the rep's account (its subscription, which the entry carries: rare,
 * docs/decisions/077). 7.3 KB an entry of 31 days on the heap (the day objects, the settings, the tags and the
 * answer's text, written once: measured 2026-12-03 at 10x, scripts/measure-cache-memory.ts): ~4,500 months in 32 MB.
 */
const calendarCache = defineReadCache<CalendarArg, CalendarEntry>({
  name: 'calendar months',
  max: 12_000,
  maxBytes: 32 * 2 ** 20,
  sizeOf: (e) => 2800 + e.month.days.length * 150,
  // A reschedule's month is judged without the visit being moved: its own entry, named by the visit and its date.
  keyOf: (a) => `${a.repId}:${a.clinicId}:${a.doctorId}:${a.month}:${a.today}:${a.horizonDays}${a.moved ? `:${a.moved.id}@${a.moved.date}` : ''}`,
  argTags: (a) => [`rep:${a.repId}`, `month:${a.clinicId}:${a.doctorId}:${a.month}`, `link:${a.clinicId}:${a.doctorId}`],
  invalidatedBy: {
    'rep-appts': ([r]) => `rep:${r}`,
    account: ([type, id]) => (type === 'medrep' ? `rep:${id}` : undefined),
    'doctor-day': ([c, d, date]) => `month:${c}:${d}:${date!.slice(0, 7)}`,
    closures: ([c, d]) => `link:${c}:${d}`,
    link: ([c, d]) => `link:${c}:${d}`,
    directory: () => EVERY_ENTRY,
  },
  load: (db, a) => computeMonth({ db }, a),
});

async function computeMonth(deps: Pick<Deps, 'db'>, o: CalendarArg): Promise<CalendarEntry> {
  const { today } = o;
  const dates = datesOfMonth(o.month);
  // A month not cached yet is read in one statement (the settings, the doctor's month, the rep's visits to
  // the doctor at any clinic, for call frequency, and the closures), not from the per-key caches: one round
  // trip instead of four (docs/decisions/026-bench-scale-and-mixed-load.md, the calendar's cold path).
  const inputs = await findCalendarInputs(deps.db, { clinicId: o.clinicId, doctorId: o.doctorId, repId: o.repId, from: dates[0]!, to: dates.at(-1)! });
  if (!inputs) throw notFound(AVAILABILITY_NOT_FOUND);
  const settings = callSettingsOf(inputs);
  const { doctorDays: doctorAppointments, repVisits: repAppointments, closedDates, absences } = inputs;
  // No nowTime: the month is cached per Indian date, so today's visit times that start later in the day would go
  // stale in it. Today's slotsLeft counts every free time of the day; the day's times (getDaySlots) and the booking
  // (checkVisitTime), read fresh, are the authority on which of today's times have started
  // (docs/decisions/039-visit-windows-and-tokens.md). No `now` for the holds either (judgedContext).
  const base: BookingContext = {
    settings,
    clinicId: o.clinicId,
    doctorAppointments,
    repAppointments,
    today,
    closedDates,
    absences,
    horizonDays: o.horizonDays,
  };
  const ctx = judgedContext(base, inputs.holds, { moved: o.moved });
  const future = futureAppointmentAtClinic(ctx);
  const futureRow = future ? repAppointments.find((a) => a === future) : undefined;
  const month: CalendarMonth = {
    today,
    month: o.month,
    settings,
    days: daysStatus(ctx, dates),
    hasFutureAppointment: future !== null,
    futureAppointment: futureRow ? { id: futureRow.id, appointment_date: futureRow.date, status: futureRow.status } : null,
    frequencyCutoff: callFrequencyCutoff(ctx),
    lastBookableDate: lastBookableDate(ctx)!,
  };
  const rep = inputs.repSubscriptionStatus === null ? null : { status: inputs.repSubscriptionStatus, expiresAt: inputs.repSubscriptionExpiresAt };
  return { month, rep };
}

/**
 * The day's visit times as the rep's time buttons show them (docs/decisions/039-visit-windows-and-tokens.md): the
 * doctor's windows cut into visits, each free unless a visit holds it or, today, it has started. A day the booking
 * would refuse this rep (checkBooking: past, beyond the horizon, not a working day, closed, already booked, frozen
 * by call frequency, full) offers no time and 0 left, so the buttons never offer what the booking refuses. A waitlist
 * offer's held time is taken. Without windows there are no times, and slotsLeft is the day's Max Slots less its
 * visits and holds. Read fresh (one statement, as
 * a month not cached yet), not cached: today's times go as the clock moves.
 */
export async function getDaySlots(
  deps: CalendarDeps,
  o: { repId: number; clinicId: number; doctorId: number; date: string; rescheduleId?: number },
): Promise<DaySlotsResponse> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const moved = await movedVisitOf(deps, o);
  const inputs = await findCalendarInputs(deps.db, { clinicId: o.clinicId, doctorId: o.doctorId, repId: o.repId, from: o.date, to: o.date });
  if (!inputs) throw notFound(AVAILABILITY_NOT_FOUND);
  const settings = callSettingsOf(inputs);
  const nowTime = timeInIndia(now);
  const base: BookingContext = {
    settings,
    clinicId: o.clinicId,
    doctorAppointments: inputs.doctorDays,
    repAppointments: inputs.repVisits,
    today,
    closedDates: inputs.closedDates,
    absences: inputs.absences,
    horizonDays: deps.config.BOOKING_HORIZON_DAYS,
    nowTime,
  };
  // Read fresh: only the offers holding now (the booking's judgement, docs/decisions/043).
  const ctx = judgedContext(base, inputs.holds, { moved, now });
  const day = daySlots({
    visitWindows: settings.visitWindows,
    slotMinutes: settings.slotMinutes,
    maxSlots: settings.maxSlots,
    taken: ctx.doctorAppointments,
    nowTime: o.date === today ? nowTime : undefined,
  });
  const bookable = checkBooking(ctx, o.date).ok;
  return {
    date: o.date,
    windows: settings.visitWindows,
    slotMinutes: settings.slotMinutes,
    slots: bookable ? day.slots : day.slots.map((s) => ({ ...s, available: false })),
    slotsLeft: bookable ? day.slotsLeft : 0,
  };
}
