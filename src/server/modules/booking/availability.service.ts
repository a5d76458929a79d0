import {
  callFrequencyCutoff,
  datesOfMonth,
  daysStatus,
  futureAppointmentAtClinic,
  normalizeAvailableDays,
  type BookingContext,
} from '../../../shared/booking/booking-rules';
import { todayInIndia } from '../../../shared/dates';
import type { BookingCalendarResponse, DoctorAvailabilitySettings } from '../../../shared/schemas/booking';
import { isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import { notFound, unauthorized } from '../../errors';
import { listClosedDates } from '../clinics/visitors.service';
import { DIRECTORY_TABLES, findBookableSettings } from '../directory/directory.service';
import { defineReadCache } from '../../db/change-feed';
import { findRep, listDoctorAppointmentsBetween, listRepAppointmentsWithDoctor } from './booking.repo';
import { AVAILABILITY_NOT_FOUND, type BookingDeps } from './booking.service';

type Deps = Pick<BookingDeps, 'db' | 'clock'>;

async function loadSettings(deps: Deps, o: { clinicId: number; doctorId: number }): Promise<DoctorAvailabilitySettings> {
  const link = await findBookableSettings(deps.db, o);
  if (!link) throw notFound(AVAILABILITY_NOT_FOUND);
  return {
    doctorName: link.doctorName,
    availableDays: normalizeAvailableDays(link.availableDays),
    maxSlots: link.maxSlots,
    callFrequency: link.callFrequency,
  };
}

/** spec part 2, 7: the doctor's call settings at a clinic (404 when the doctor is not bookable there). */
export const getDoctorAvailability = (deps: Deps, o: { clinicId: number; doctorId: number }) => loadSettings(deps, o);

/**
 * What the availability calendar shows for a month: each day's state computed by the same rules the
 * booking applies (src/shared/booking), days the clinic closed ('closed'), the rep's future appointment here ('Booking Currently Disabled')
 * and the call-frequency cutoff.
 */
export async function getBookingCalendarJson(deps: Deps, o: { repId: number; clinicId: number; doctorId: number; month: string }): Promise<string> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const key = `${o.repId}:${o.clinicId}:${o.doctorId}:${o.month}:${today}`;
  const [rep, month] = await Promise.all([findRep(deps.db, o.repId), calendarCache.read(deps.db, key, () => computeMonth(deps, o, today))]);
  if (!rep) throw unauthorized();
  // Only the subscription depends on the instant; the rest is the cached month, already serialised.
  const subscriptionActive = isSubscriptionActive({ status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now });
  return `{"subscriptionActive":${subscriptionActive},${month.slice(1)}`;
}

/**
 * A rep's month at a doctor's clinic as the calendar shows it (BookingCalendarResponse without
 * subscriptionActive), as JSON: kept per instance until one of the tables it was computed from changes, and
 * per Indian date (issue 10: computing 30 days' states was most of a calendar request's work).
 */
const calendarCache = defineReadCache<string>({
  tables: [...DIRECTORY_TABLES, 'doctor_appointments', 'doctor_day_closures'],
  maxEntries: 20_000,
});

async function computeMonth(deps: Deps, o: { repId: number; clinicId: number; doctorId: number; month: string }, today: string): Promise<string> {
  const dates = datesOfMonth(o.month);
  const range = { clinicId: o.clinicId, doctorId: o.doctorId, from: dates[0]!, to: dates.at(-1)! };
  // Independent reads, side by side (each is usually answered from the instance's caches).
  const [settings, doctorAppointments, repAppointments, closedDates] = await Promise.all([
    loadSettings(deps, o),
    listDoctorAppointmentsBetween(deps.db, range),
    listRepAppointmentsWithDoctor(deps.db, { repId: o.repId, doctorId: o.doctorId }),
    listClosedDates(deps.db, range),
  ]);
  const ctx: BookingContext = { settings, clinicId: o.clinicId, doctorAppointments, repAppointments, today, closedDates };
  const future = futureAppointmentAtClinic(ctx);
  const futureRow = future ? repAppointments.find((a) => a === future) : undefined;
  const month: Omit<BookingCalendarResponse, 'subscriptionActive'> = {
    today,
    month: o.month,
    settings,
    days: daysStatus(ctx, dates),
    hasFutureAppointment: future !== null,
    futureAppointment: futureRow ? { id: futureRow.id, appointment_date: futureRow.date, status: futureRow.status } : null,
    frequencyCutoff: callFrequencyCutoff(ctx),
  };
  return JSON.stringify(month);
}
