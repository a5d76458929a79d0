import {
  checkBooking,
  dayRefusalMessage,
  daysStatus,
  type BookingContext,
  type DoctorAppointmentFact,
  type RepAppointmentFact,
} from '../../../../shared/booking/booking-rules';
import { daySlots, type DaySlot } from '../../../../shared/booking/visit-windows';
import type { Message } from '../../../../shared/i18n/message';
import { daysBetween } from '../../../../shared/dates';
import type { BookingCalendarResponse, CalendarDay, DaySlotsResponse } from '../../../../shared/schemas/booking';
import type { PendingAppointment } from '../../../lib/offline-queue';

// Decision 033: the booking rules (spec part 2, 5) applied on the device to the calendar it has (perhaps kept
// offline) and the bookings that wait on it, so a second visit the server would refuse is never queued. The rules
// are the shared ones; the server stays the authority when the queue is sent.

/** A calendar day, marked `pending` when the rep's own booking for that date waits on this device. */
export type QueuedCalendarDay = CalendarDay & { pending?: boolean };

/** Whose calendar: the rep, and the doctor at the clinic on view. */
export interface CalendarTarget {
  repId: number;
  doctorId: number;
  clinicId: number;
}

/** Not a clinic's id: a visit the calendar shows as the rep's at some other clinic of this doctor. */
const ANOTHER_CLINIC = 0;
/** Not a rep's id: the other reps whose visits fill the slots the calendar counts. */
const ANOTHER_REP = 0;

/** The rep's waiting bookings with this doctor, at any clinic, today or later (an older one will be refused). */
const waitingWithDoctor = (cal: BookingCalendarResponse, queued: readonly PendingAppointment[], t: CalendarTarget) =>
  queued.filter((q) => q.data.repId === t.repId && q.data.doctorId === t.doctorId && q.data.appointmentDate >= cal.today);

/**
 * The rules' view of this calendar: its settings, slots and closed days as the server gave them; the rep's visits
 * with this doctor that the calendar shows (the future one here, the days it marks as booked) together with the
 * waiting bookings, so the call frequency counts them all.
 */
function contextOf(cal: BookingCalendarResponse, waiting: readonly PendingAppointment[], t: CalendarTarget): BookingContext {
  const doctorAppointments: DoctorAppointmentFact[] = [];
  for (const day of cal.days) {
    for (let taken = cal.settings.maxSlots - day.slotsLeft; taken > 0; taken--)
      doctorAppointments.push({ date: day.date, status: 'booked', repId: ANOTHER_REP });
  }
  const future = cal.futureAppointment ? cal.futureAppointment.appointment_date.slice(0, 10) : null;
  const repAppointments: RepAppointmentFact[] = cal.days
    .filter((d) => d.reason === 'already_booked' && d.date >= cal.today && d.date !== future)
    .map((d) => ({ date: d.date, status: 'booked', clinicId: ANOTHER_CLINIC }));
  if (cal.futureAppointment && future) repAppointments.push({ date: future, status: cal.futureAppointment.status, clinicId: t.clinicId });
  for (const q of waiting) {
    repAppointments.push({ date: q.data.appointmentDate, status: 'booked', clinicId: q.data.clinicId });
    if (q.data.clinicId === t.clinicId)
      doctorAppointments.push({ date: q.data.appointmentDate, status: 'booked', repId: t.repId, startTime: q.data.startTime });
  }
  return {
    settings: cal.settings,
    clinicId: t.clinicId,
    doctorAppointments,
    repAppointments,
    today: cal.today,
    closedDates: cal.days.filter((d) => d.reason === 'closed').map((d) => d.date),
    horizonDays: daysBetween(cal.today, cal.lastBookableDate),
  };
}

/**
 * The calendar's days with the waiting bookings counted: a day the server allowed is closed when the rules refuse
 * it now (one active visit with a doctor at a clinic, one visit a day with the doctor, call frequency), and the
 * days of the rep's waiting bookings with this doctor are marked pending.
 */
export function withQueuedBookings(cal: BookingCalendarResponse, queued: readonly PendingAppointment[], t: CalendarTarget): QueuedCalendarDay[] {
  const waiting = waitingWithDoctor(cal, queued, t);
  if (waiting.length === 0) return cal.days;
  const pendingDates = new Set(waiting.map((q) => q.data.appointmentDate));
  const ruled = daysStatus(
    contextOf(cal, waiting, t),
    cal.days.map((d) => d.date),
  );
  return cal.days.map((day, i) => {
    const now = day.selectable ? ruled[i]! : day;
    return pendingDates.has(day.date) ? { ...now, pending: true } : now;
  });
}

/**
 * The spec's message when `date` cannot be queued: a day the calendar shows as not bookable, for the server's reason
 * (a doctor's leave or a closed clinic, docs/decisions/040, stays refused however the queue looks), or one the rules
 * refuse once the waiting bookings are counted; null when they allow it.
 */
export function queuedBookingRefusal(cal: BookingCalendarResponse, queued: readonly PendingAppointment[], t: CalendarTarget, date: string): Message | null {
  const shown = cal.days.find((d) => d.date === date);
  if (shown?.reason) return dayRefusalMessage({ reason: shown.reason, cutoff: shown.cutoff }, cal.lastBookableDate);
  const waiting = waitingWithDoctor(cal, queued, t);
  if (waiting.length === 0) return null;
  const check = checkBooking(contextOf(cal, waiting, t), date);
  return check.ok ? null : check.message;
}

// Visiting hours (docs/decisions/039): the day's times as the device knows them.

/** A visit time, marked `pending` when the rep's own booking of it waits on this device. */
export type QueuedDaySlot = DaySlot & { pending?: boolean };
export type QueuedDaySlots = Omit<DaySlotsResponse, 'slots'> & { slots: QueuedDaySlot[] };

/**
 * The day's times with the rep's waiting bookings of this doctor at this clinic on that date counted: their times
 * are taken (and marked pending), as the server will count them once they are sent.
 */
export function withQueuedTimes(day: DaySlotsResponse, queued: readonly PendingAppointment[], t: CalendarTarget): QueuedDaySlots {
  const mine = new Set(
    queued
      .filter((q) => q.data.repId === t.repId && q.data.doctorId === t.doctorId && q.data.clinicId === t.clinicId && q.data.appointmentDate === day.date)
      .map((q) => q.data.startTime)
      .filter((time): time is string => !!time),
  );
  if (mine.size === 0) return day;
  const freed = day.slots.filter((s) => s.available && mine.has(s.time)).length;
  return {
    ...day,
    slots: day.slots.map((s) => (mine.has(s.time) ? { ...s, available: false, pending: true } : s)),
    slotsLeft: Math.max(0, day.slotsLeft - freed),
  };
}

/**
 * The day's times worked out from a calendar kept on the device, for a day whose times were never loaded here and
 * cannot be now (offline): every time of the windows, free while the day has slots left and (today) not yet begun.
 * Which times other reps hold is unknown, so the server may still refuse the one chosen when the booking is sent.
 */
export function daySlotsFromCalendar(cal: BookingCalendarResponse, date: string, nowTime?: string): DaySlotsResponse {
  const day = cal.days.find((d) => d.date === date);
  const { slots, slotsLeft } = daySlots({
    visitWindows: cal.settings.visitWindows,
    slotMinutes: cal.settings.slotMinutes,
    // The day's own count already holds Max Slots and the visits booked.
    maxSlots: day?.selectable ? day.slotsLeft : 0,
    taken: [],
    nowTime: date === cal.today ? nowTime : undefined,
  });
  return { date, windows: cal.settings.visitWindows, slotMinutes: cal.settings.slotMinutes, slots, slotsLeft };
}
