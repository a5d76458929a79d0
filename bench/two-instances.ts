import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { count5xx, measure } from './load';
import { startApp, waitUntilCaughtUp } from './processes';
import { bookingRequest, contendedBooking, distinctBooking } from './scenarios';
import { seedVolume, type Volume } from './seed-volume';

// `npm run bench -- --two-instances` (decision 012, scale past one machine): two app processes on one PostgreSQL,
// booking through both at once (a few doctor-days wanted by everyone, plus distinct bookings), then the
// database is checked: no doctor-day holds more active visits than its maxSlots, no rep holds two active
// visits with a doctor on one date, and every 201 answered is one stored row (a few more rows are the bookings
// of requests still in flight when the load stopped).

const CONNECTIONS = 16;
const rowsOf = <T = Record<string, unknown>>(r: unknown) => (r as { rows: T[] }).rows;

export async function runTwoInstances(o: { url: string; clientDir: string; seconds: number; volume: Volume; log: (m: string) => void }) {
  const database = await openDatabase({ url: o.url, dataDir: 'memory://' });
  await migrateDatabase(database);
  const v = await database.withoutTimeouts((db) => seedVolume(db, { now: new Date(), volume: o.volume }));
  const [before] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from doctor_appointments where status <> 'cancelled'`));
  const apps = await Promise.all([
    startApp({ database: { DATABASE_URL: o.url }, clientDir: o.clientDir }),
    startApp({ database: { DATABASE_URL: o.url }, clientDir: o.clientDir }),
  ]);
  try {
    o.log(`two instances: ${apps.map((a) => a.url).join(' and ')}`);
    // Both instances take the same sequence of requests: each contended request is sent to both at the same time.
    const runOn = (url: string, offset: number) => {
      let i = 0;
      return measure(url, {
        connections: CONNECTIONS,
        seconds: o.seconds,
        warmupSeconds: 0,
        next: () => {
          const n = i++;
          // 3 in 4 requests fight over 4 doctor-days; the rest are distinct bookings.
          return n % 4 === 3 ? bookingRequest(v, distinctBooking(v, offset + n)) : bookingRequest(v, contendedBooking(v, n % 4, Math.floor(n / 4) + offset));
        },
      });
    };
    const [a, b] = await Promise.all([runOn(apps[0].url, 0), runOn(apps[1].url, 1_000_000)]);
    // The load stops with up to CONNECTIONS requests in flight on each instance: their answers are never read, but
    // they may still book. Counted once both instances are idle: each 201 is a row, and no more rows than that
    // plus the requests left in flight.
    await Promise.all(apps.map((app) => waitUntilCaughtUp(app)));
    const booked = (a.status['201'] ?? 0) + (b.status['201'] ?? 0);
    const [after] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from doctor_appointments where status <> 'cancelled'`));
    const overbooked = rowsOf(
      await database.db.execute(sql`
        select a.clinic_id, a.doctor_id, a.appointment_date, count(*)::int as n, s.max_slots
        from doctor_appointments a
        join clinic_doctor_settings s on s.clinic_id = a.clinic_id and s.doctor_id = a.doctor_id
        where a.status <> 'cancelled'
        group by a.clinic_id, a.doctor_id, a.appointment_date, s.max_slots
        having count(*) > s.max_slots`),
    );
    const duplicates = rowsOf(
      await database.db.execute(sql`
        select rep_id, doctor_id, appointment_date from doctor_appointments where status <> 'cancelled'
        group by rep_id, doctor_id, appointment_date having count(*) > 1`),
    );
    const contendedDays = rowsOf(
      await database.db.execute(sql`
        select a.doctor_id, a.appointment_date, count(*)::int as booked, s.max_slots
        from doctor_appointments a
        join clinic_doctor_settings s on s.clinic_id = a.clinic_id and s.doctor_id = a.doctor_id
        where a.status <> 'cancelled' and a.appointment_date > ${v.today}::date + 300
        group by a.doctor_id, a.appointment_date, s.max_slots order by 1`),
    );
    const fiveXx = count5xx(a) + count5xx(b);
    const added = after!.n - before!.n;
    const rowsMatch = added >= booked && added <= booked + 2 * CONNECTIONS;
    const ok = overbooked.length === 0 && duplicates.length === 0 && rowsMatch && fiveXx === 0 && a.errors + b.errors === 0;
    return {
      ok,
      instanceA: { rps: Math.round(a.rps), status: a.status, p99: a.p99 },
      instanceB: { rps: Math.round(b.rps), status: b.status, p99: b.p99 },
      bookedAnswers: booked,
      rowsAdded: added,
      bookedInFlightAtTheStop: added - booked,
      contendedDays,
      overbookedDays: overbooked.length,
      duplicateRepDoctorDates: duplicates.length,
      fiveXx,
    };
  } finally {
    await Promise.all(apps.map((x) => x.stop()));
    await database.close();
  }
}
