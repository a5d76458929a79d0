import type { Db } from '../src/server/db/client';
import { count5xx, measure } from './load';
import type { Child } from './processes';
import { profileOf, type LoadSettings } from './reads';
import { log, pct, rows } from './report';
import { bookingRequest, contendedBooking, directBookings, distinctBooking } from './scenarios';
import type { SeededVolume } from './seed-volume';

// Bookings through the API against the same transaction run directly on a pool (decision 012), and bookings that
// all want one doctor-day (409s expected, never a 5xx).

// The share of the direct transaction a booking through the API keeps: 80% since decision 076's step (was 70%).
export const BOOKING_GOALS = { share: 0.8, contentionShare: 0.2 };

/** The database's own limit, measured first while nothing else runs (PostgreSQL only). */
export async function benchDirectBookings(db: Db, v: SeededVolume, load: LoadSettings): Promise<{ rate: number; p99: number }> {
  let d = 0;
  await directBookings(db, { seconds: load.warmupSeconds, concurrency: load.connections, body: () => distinctBooking(v, d++) });
  const direct = await directBookings(db, { seconds: load.seconds, concurrency: load.connections, body: () => distinctBooking(v, d++) });
  const rate = (direct.status['201'] ?? 0) / load.seconds;
  log(`postgres direct booking transaction: ${rate.toFixed(0)} bookings/s, status ${JSON.stringify(direct.status)}`);
  rows.push({
    target: 'postgres',
    measure: 'booking transaction direct on a pool (in-process)',
    value: `${rate.toFixed(0)} bookings/s`,
    p99: `${direct.p99} ms`,
    goal: 'reference',
    ok: null,
  });
  return { rate, p99: direct.p99 };
}

export async function benchBookings(kind: string, app: Child, v: SeededVolume, load: LoadSettings, directRate?: number) {
  // The direct run (postgres) used the first requests of the sequence; the HTTP run starts far past them.
  let i = directRate === undefined ? 0 : 200_000;
  const distinct = await measure(app.url, { ...load, next: () => bookingRequest(v, distinctBooking(v, i++)) });
  const booked = distinct.status['201'] ?? 0;
  const bookedRate = booked / load.seconds;
  log(`${kind} booking distinct: ${distinct.rps.toFixed(0)}/s, status ${JSON.stringify(distinct.status)}, p99 ${distinct.p99} ms`);
  rows.push({
    target: kind,
    measure: 'POST /api/book-appointment, distinct reps and days',
    value: `${bookedRate.toFixed(0)} bookings/s (${distinct.requests - booked} not 201)`,
    share: directRate ? pct(bookedRate / directRate) : undefined,
    p50: `${distinct.p50} ms`,
    p99: `${distinct.p99} ms`,
    goal: directRate ? `>= ${pct(BOOKING_GOALS.share)} of direct, no 5xx` : 'no 5xx',
    ok: count5xx(distinct) === 0 && distinct.errors === 0 && (!directRate || bookedRate / directRate >= BOOKING_GOALS.share),
  });

  if (process.env.BENCH_PROFILE === '1')
    await profileOf(kind, 'POST /api/book-appointment', app, { ...load, next: () => bookingRequest(v, distinctBooking(v, i++)) });

  let j = 0;
  const contended = await measure(app.url, {
    ...load,
    warmupNext: () => bookingRequest(v, contendedBooking(v, 1, j++)),
    next: () => bookingRequest(v, contendedBooking(v, 0, j++)),
  });
  const fiveXx = count5xx(contended);
  log(`${kind} booking contended: ${contended.rps.toFixed(0)}/s, status ${JSON.stringify(contended.status)}, p99 ${contended.p99} ms`);
  rows.push({
    target: kind,
    measure: 'POST /api/book-appointment, all for one doctor-day',
    value: `${contended.rps.toFixed(0)} answers/s (${contended.status['201'] ?? 0} booked, ${fiveXx} 5xx)`,
    share: directRate ? pct(contended.rps / directRate) : undefined,
    p50: `${contended.p50} ms`,
    p99: `${contended.p99} ms`,
    goal: directRate ? `>= ${pct(BOOKING_GOALS.contentionShare)} of direct uncontended, 0 5xx` : '0 5xx',
    ok: fiveXx === 0 && contended.errors === 0 && (!directRate || contended.rps / directRate >= BOOKING_GOALS.contentionShare),
  });
  return { distinct, contended };
}
