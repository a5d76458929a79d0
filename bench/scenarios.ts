import pino from 'pino';
import { testConfig } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { createAppKeys } from '../src/server/app-keys';
import { bookAppointment, type BookingDeps } from '../src/server/modules/booking/booking.service';
import { createOutbox } from '../src/server/outbox/outbox';
import { addDays, weekdayOf } from '../src/shared/dates';
import type { LoadRequest } from './load';
import { coldDevice, type SeededVolume } from './seed-volume';

// The requests of each benchmarked call, spread over every seeded rep, doctor, clinic, day and place as real
// traffic would be (decision 026): request i takes the i-th of a sequence that visits them all, and no rep asks
// for the same doctor twice in a run (a rep opens a doctor's calendar to book once, not thousands of times), so
// a per-rep cache is measured as users meet it, mostly cold, not warmed by a short cycle of pairs.

const notSunday = (date: string) => (weekdayOf(date) === 'sunday' ? addDays(date, 1) : date);
/** The i-th of `xs` in a stride that visits every one of them: the strides are primes, and no seeded count is their multiple. */
const nth = <T>(xs: readonly T[], i: number, stride: number): T => xs[(i * stride) % xs.length]!;

export interface ReadScenario {
  name: string;
  next: (i: number) => LoadRequest;
  /**
   * A cold read: its data mostly uncached in a run, so measured against the bare node-postgres baseline making its
   * statements (decision 076). Request i takes a session no other request of the run takes (seed-volume.ts
   * `coldDevice`); `sessionOnly(i)` reads request i's session and nothing else (a call its guard refuses for that
   * kind of account), which warms the session for the "session cached" row.
   */
  cold?: { kind: 'medrep' | 'clinic'; sessionOnly: (i: number) => LoadRequest };
  /** A cached read's sessions, each read once before it is measured (`sessionOnly(i)` for i below `count`). */
  sessions?: { count: number; sessionOnly: (i: number) => LoadRequest };
}

/** The reads a signed-in user makes; the mixed run (mixed.ts) measures the marked ones again while others write. */
export function readScenarios(v: SeededVolume): Array<ReadScenario & { mixed: boolean }> {
  const rep = (i: number) => nth(v.repIds, i, 7919);
  // Shifted by one each time the reps come round: the pair (rep(i), doctor(i)) repeats only after reps x doctors requests.
  const doctor = (i: number) => nth(v.doctorIds, i + Math.floor(i / v.repIds.length), 7907);
  const place = (i: number) => nth(v.places, i, 101);
  const month = v.today.slice(0, 7);
  const clinicSession = (i: number) => v.clinicCookie(v.primaryClinicOf[doctor(i)]!, coldDevice(i, v.clinicIds.length, v.devices.clinic));
  const q = encodeURIComponent;
  const asRep = (i: number, path: string): LoadRequest => ({ path, cookie: v.repCookie(rep(i)) });
  // The cold reads' sessions: rep(i) visits every rep once in each block of reps, so block b takes device b + 1.
  const asFreshRep = (i: number, path: string): LoadRequest => ({ path, cookie: v.repCookie(rep(i), coldDevice(i, v.repIds.length, v.devices.medrep)) });
  const coldRep = { kind: 'medrep' as const, sessionOnly: (i: number) => asFreshRep(i, '/api/clinic/preferences') };
  // The cascade's sessions: asRep(i) for i below the reps' count is every rep once.
  const repSessions = { count: v.repIds.length, sessionOnly: (i: number) => asRep(i, '/api/clinic/preferences') };
  return [
    {
      name: 'GET /api/doctor-availability',
      mixed: false,
      cold: coldRep,
      next: (i) => asFreshRep(i, `/api/doctor-availability?clinicId=${v.primaryClinicOf[doctor(i)]}&doctorId=${doctor(i)}`),
    },
    {
      name: 'GET /api/booking/calendar',
      mixed: true,
      cold: coldRep,
      next: (i) => asFreshRep(i, `/api/booking/calendar?clinicId=${v.primaryClinicOf[doctor(i)]}&doctorId=${doctor(i)}&month=${month}`),
    },
    {
      // A rep who comes back to a calendar (another look before booking, the month after a booking): 4,000 (rep,
      // doctor) pairs in a cycle, all cached after the warm-up, the path the benchmark measured before decision 026.
      name: 'GET /api/booking/calendar (seen before)',
      mixed: false,
      sessions: { count: 4000, sessionOnly: (i) => asRep(i, '/api/clinic/preferences') },
      next: (i) => {
        const doctorId = nth(v.doctorIds, i % 4000, 7);
        return asRep(i % 4000, `/api/booking/calendar?clinicId=${v.primaryClinicOf[doctorId]}&doctorId=${doctorId}&month=${month}`);
      },
    },
    { name: 'GET /api/rep-appointments', mixed: true, cold: coldRep, next: (i) => asFreshRep(i, `/api/rep-appointments?repId=${rep(i)}`) },
    {
      name: 'GET /api/doctor-appointments (clinic)',
      mixed: true,
      // doctor(i) mod clinics is a stride through the clinics too, in blocks of clinics (reps is a multiple of it).
      cold: { kind: 'clinic', sessionOnly: (i) => ({ path: '/api/rep-appointments?repId=1', cookie: clinicSession(i) }) },
      next: (i) => {
        const clinicId = v.primaryClinicOf[doctor(i)]!;
        const date = notSunday(addDays(v.today, i % 30));
        return { path: `/api/doctor-appointments?doctorId=${doctor(i)}&date=${date}&clinicId=${clinicId}`, cookie: clinicSession(i) };
      },
    },
    { name: 'GET /api/available-states?bookable=true', mixed: true, sessions: repSessions, next: (i) => asRep(i, '/api/available-states?bookable=true') },
    { name: 'GET /api/cities-by-state', mixed: true, sessions: repSessions, next: (i) => asRep(i, `/api/cities-by-state?state=${q(nth(v.states, i, 1))}`) },
    {
      name: 'GET /api/doctors/specialties',
      mixed: true,
      sessions: repSessions,
      next: (i) => asRep(i, `/api/doctors/specialties?state=${q(place(i).state)}&city=${q(place(i).city)}`),
    },
    {
      name: 'GET /api/doctors/locations',
      mixed: true,
      sessions: repSessions,
      next: (i) => asRep(i, `/api/doctors/locations?state=${q(place(i).state)}&city=${q(place(i).city)}&specialty=${q(place(i).specialty)}`),
    },
    { name: 'GET /api/clinics-by-doctor', mixed: true, cold: coldRep, next: (i) => asFreshRep(i, `/api/clinics-by-doctor?doctorId=${doctor(i)}`) },
  ];
}

export interface BookingBody {
  repId: number;
  doctorId: number;
  clinicId: number;
  appointmentDate: string;
}

/**
 * The i-th (rep, doctor) pair of the reps without history: rep i mod F (F of them) with doctor (2 (i mod F) +
 * i div F) mod D, so no two i < F x D share a pair and every booking passes the call-frequency and one-visit rules.
 * The direct run takes i from 0, the HTTP run from 200,000 and the mixed run from 1,000,000: distinct pairs.
 */
function freshPair(v: SeededVolume, i: number) {
  const fresh = v.repIds.length - v.historyReps;
  const r = i % fresh;
  const doctorId = v.doctorIds[(2 * r + Math.floor(i / fresh)) % v.doctorIds.length]!;
  return { repId: v.repIds[v.historyReps + r]!, doctorId, clinicId: v.primaryClinicOf[doctorId]! };
}

/**
 * How far ahead the bench's servers let reps book: the uncontended and contended bookings fall past the seeded
 * year (190..330 days ahead) so they never meet seeded history, beyond the default BOOKING_HORIZON_DAYS of 90.
 */
export const BENCH_BOOKING_HORIZON_DAYS = 400;

/** The i-th uncontended booking, on a working day 190..310 days ahead (past the seeded year). */
export const distinctBooking = (v: SeededVolume, i: number): BookingBody => ({
  ...freshPair(v, i),
  appointmentDate: notSunday(addDays(v.today, 190 + (i % 120))),
});

/** The k-th booking of the mixed run: tomorrow to four weeks ahead, the days the calendar and the clinic's day view read. */
export const nearBooking = (v: SeededVolume, k: number): BookingBody => ({
  ...freshPair(v, 1_000_000 + k),
  appointmentDate: notSunday(addDays(v.today, 1 + (k % 28))),
});

/** Every request for one doctor-day (`slot` picks which), from the reps with history in turn. */
export function contendedBooking(v: SeededVolume, slot: number, i: number): BookingBody {
  const doctorId = v.doctorIds[v.doctorIds.length - 1 - slot]!;
  const repId = v.repIds[i % v.historyReps]!;
  return { repId, doctorId, clinicId: v.primaryClinicOf[doctorId]!, appointmentDate: notSunday(addDays(v.today, 320 + slot * 2)) };
}

export const bookingRequest = (v: SeededVolume, body: BookingBody): LoadRequest => ({
  method: 'POST',
  path: '/api/book-appointment',
  cookie: v.repCookie(body.repId),
  body,
});

/**
 * The database's own limit: the booking service's transaction (the same locks, reads and insert) called
 * in-process on a pool, by `concurrency` workers, for `seconds`. No HTTP, no session lookup; the confirmation
 * e-mail is queued in the outbox as in the app, and nothing delivers it.
 */
export async function directBookings(db: Db, o: { seconds: number; concurrency: number; body: (i: number) => BookingBody }) {
  const clock = { now: () => new Date() };
  const config = testConfig({ BOOKING_HORIZON_DAYS: String(BENCH_BOOKING_HORIZON_DAYS) });
  const log = pino({ level: 'silent' });
  const deps: BookingDeps = { db, clock, outbox: createOutbox({ clock }), config, log, keys: createAppKeys({ db, config, log }) };
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
