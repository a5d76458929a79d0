import pino from 'pino';
import { testConfig } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { bookAppointment, type BookingDeps } from '../src/server/modules/booking/booking.service';
import { addDays, weekdayOf } from '../src/shared/dates';
import type { LoadRequest } from './load';
import { SEEDED_REPS, type SeededVolume } from './seed-volume';

// The requests of each benchmarked call, spread over the seeded reps, doctors, clinics and days.

const FRESH_REPS = 1000; // reps SEEDED_REPS+1.. hold no history: their bookings pass every rule
const notSunday = (date: string) => (weekdayOf(date) === 'sunday' ? addDays(date, 1) : date);

export interface ReadScenario {
  name: string;
  next: (i: number) => LoadRequest;
}

export function readScenarios(v: SeededVolume): ReadScenario[] {
  const rep = (i: number) => v.repIds[(i * 37) % SEEDED_REPS]!;
  const doctor = (i: number) => v.doctorIds[(i * 7) % v.doctorIds.length]!;
  const month = v.today.slice(0, 7);
  const place = (i: number) => v.places[i % v.places.length]!;
  const q = encodeURIComponent;
  return [
    {
      name: 'GET /api/doctor-availability',
      next: (i) => ({ path: `/api/doctor-availability?clinicId=${v.primaryClinicOf[doctor(i)]}&doctorId=${doctor(i)}`, cookie: v.repCookie.get(rep(i)) }),
    },
    {
      name: 'GET /api/booking/calendar',
      next: (i) => ({
        path: `/api/booking/calendar?clinicId=${v.primaryClinicOf[doctor(i)]}&doctorId=${doctor(i)}&month=${month}`,
        cookie: v.repCookie.get(rep(i)),
      }),
    },
    { name: 'GET /api/rep-appointments', next: (i) => ({ path: `/api/rep-appointments?repId=${rep(i)}`, cookie: v.repCookie.get(rep(i)) }) },
    {
      name: 'GET /api/doctor-appointments (clinic)',
      next: (i) => {
        const clinicId = v.primaryClinicOf[doctor(i)]!;
        const date = notSunday(addDays(v.today, i % 30));
        return { path: `/api/doctor-appointments?doctorId=${doctor(i)}&date=${date}&clinicId=${clinicId}`, cookie: v.clinicCookie.get(clinicId) };
      },
    },
    { name: 'GET /api/available-states?bookable=true', next: (i) => ({ path: '/api/available-states?bookable=true', cookie: v.repCookie.get(rep(i)) }) },
    { name: 'GET /api/cities-by-state', next: (i) => ({ path: `/api/cities-by-state?state=${q(place(i).state)}`, cookie: v.repCookie.get(rep(i)) }) },
    {
      name: 'GET /api/doctors/specialties',
      next: (i) => ({ path: `/api/doctors/specialties?state=${q(place(i).state)}&city=${q(place(i).city)}`, cookie: v.repCookie.get(rep(i)) }),
    },
    {
      name: 'GET /api/doctors/locations',
      next: (i) => {
        const p = place(i);
        return { path: `/api/doctors/locations?state=${q(p.state)}&city=${q(p.city)}&specialty=${q(p.specialty)}`, cookie: v.repCookie.get(rep(i)) };
      },
    },
    { name: 'GET /api/clinics-by-doctor', next: (i) => ({ path: `/api/clinics-by-doctor?doctorId=${doctor(i)}`, cookie: v.repCookie.get(rep(i)) }) },
  ];
}

/**
 * The i-th uncontended booking: rep i mod 1000 of the fresh reps with a doctor it never booked before, on a
 * working day 190..310 days ahead (past the seeded year), so every rule passes and no two requests share a
 * (rep, doctor) pair while i < 2,000,000.
 */
export function distinctBooking(v: SeededVolume, i: number) {
  const r = i % FRESH_REPS;
  const repId = v.repIds[SEEDED_REPS + r]!;
  const doctorId = v.doctorIds[(2 * r + Math.floor(i / FRESH_REPS)) % v.doctorIds.length]!;
  const appointmentDate = notSunday(addDays(v.today, 190 + (i % 120)));
  return { repId, doctorId, clinicId: v.primaryClinicOf[doctorId]!, appointmentDate };
}

/** Every request for one doctor-day (`slot` picks which), from the seeded reps in turn. */
export function contendedBooking(v: SeededVolume, slot: number, i: number) {
  const doctorId = v.doctorIds[v.doctorIds.length - 1 - slot]!;
  const repId = v.repIds[i % SEEDED_REPS]!;
  return { repId, doctorId, clinicId: v.primaryClinicOf[doctorId]!, appointmentDate: notSunday(addDays(v.today, 320 + slot * 2)) };
}

export const bookingRequest = (v: SeededVolume, body: ReturnType<typeof distinctBooking>): LoadRequest => ({
  method: 'POST',
  path: '/api/book-appointment',
  cookie: v.repCookie.get(body.repId),
  body,
});

/**
 * The database's own limit: the booking service's transaction (the same locks, reads and insert) called
 * in-process on a pool, by `concurrency` workers, for `seconds`. No HTTP, no session lookup, no e-mail.
 */
export async function directBookings(db: Db, o: { seconds: number; concurrency: number; body: (i: number) => ReturnType<typeof distinctBooking> }) {
  const deps: BookingDeps = {
    db,
    clock: { now: () => new Date() },
    mailer: { send: async () => ({ ok: true }), close: () => {} },
    config: testConfig(),
    log: pino({ level: 'silent' }),
  };
  let i = 0;
  const status: Record<string, number> = {};
  const latencies: number[] = [];
  const end = Date.now() + o.seconds * 1000;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        let code: number;
        try {
          code = (await bookAppointment(deps, { input: o.body(i++) })).statusCode;
        } catch (err) {
          code = (err as { status?: number }).status ?? 500;
        }
        latencies.push(performance.now() - started);
        status[code] = (status[code] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  return { rps: total / o.seconds, p99: Math.round(latencies[Math.floor(total * 0.99)] ?? 0), status, requests: total };
}
