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
import { listClosedDates } from '../clinics/day-closures.repo';
import { findBookableSettings } from '../directory/directory.repo';
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
export async function getBookingCalendar(
  deps: Deps,
  o: { repId: number; clinicId: number; doctorId: number; month: string },
): Promise<BookingCalendarResponse> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const dates = datesOfMonth(o.month);
  const range = { clinicId: o.clinicId, doctorId: o.doctorId, from: dates[0]!, to: dates.at(-1)! };
  // Independent reads, side by side (each is usually answered from the instance's caches).
  const [settings, rep, doctorAppointments, repAppointments, closedDates] = await Promise.all([
    loadSettings(deps, o),
    findRep(deps.db, o.repId),
    listDoctorAppointmentsBetween(deps.db, range),
    listRepAppointmentsWithDoctor(deps.db, { repId: o.repId, doctorId: o.doctorId }),
    listClosedDates(deps.db, range),
  ]);
  if (!rep) throw unauthorized();
  const ctx: BookingContext = { settings, clinicId: o.clinicId, doctorAppointments, repAppointments, today, closedDates };
  const future = futureAppointmentAtClinic(ctx);
  const futureRow = future ? repAppointments.find((a) => a === future) : undefined;
  return {
    today,
    month: o.month,
    settings,
    days: daysStatus(ctx, dates),
    hasFutureAppointment: future !== null,
    futureAppointment: futureRow ? { id: futureRow.id, appointment_date: futureRow.date, status: futureRow.status } : null,
    frequencyCutoff: callFrequencyCutoff(ctx),
    subscriptionActive: isSubscriptionActive({ status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now }),
  };
}
