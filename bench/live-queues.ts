import { request, type IncomingMessage } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { cacheKey, keysOfAppointment } from '../src/server/cache/cache-keys';
import { openDatabase, type Db } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { doctorAppointments, doctorDayLateness } from '../src/server/db/schema';
import { withWrite } from '../src/server/db/write';
import { createDatabase } from './database';
import { residentMb } from './memory';
import { startApp, type Child } from './processes';
import { log, percentile, rows, seconds } from './report';
import { seedVolume } from './seed-volume';

// Live queues at scale (docs/decisions/079-live-queues-at-scale.md): one app instance (the compiled server as a child
// process) on a seeded PostgreSQL database holds `streams` live-queue streams of reps checked in or booked for today,
// 20 to a doctor's day; another process (this one, writing as a second instance would: the change announced on the
// cache bus) moves `moves` visits across the days (check-ins, Call next, Running late). Measured: each stream's delay
// from a move to its event (p50/p99), the app's resident memory and heap with the streams open, and the database's
// transactions per move and in an idle window with a heartbeat in it (the goal: none per stream).

const PER_DAY = 20;
const METRICS_TOKEN = 'bench-metrics-token';
/** PostgreSQL 15 flushes a backend's counters at most every second, and an idle one's within 10 s. */
const STATS_SETTLE_MS = 11_000;

export const LIVE_GOALS = { p99Ms: 2000 };

interface Stream {
  day: number;
  events: number[];
  opened: boolean;
}

let refused = 0;

/** One SSE stream on its own connection (no agent, no keep-alive): the times its events arrive. */
function openStream(app: Child, path: string, cookie: string, s: Stream, tries = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL(app.url);
    const req = request(
      { host: url.hostname, port: url.port, path, agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          // Refused under load (503: no database connection in time): the browser's EventSource comes back too.
          if (res.statusCode === 503 && tries < 5) {
            refused++;
            setTimeout(() => void openStream(app, path, cookie, s, tries + 1).then(resolve, reject), 1000);
          } else reject(new Error(`stream ${path}: ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          buf += chunk;
          let cut: number;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            if (!block.includes('event: ')) continue;
            s.events.push(performance.now());
            if (!s.opened) {
              s.opened = true;
              resolve();
            }
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function dbCounters(admin: pg.Client, dbName: string) {
  const { rows: r } = await admin.query<{ xacts: string; lateness: string }>(
    `select (select xact_commit + xact_rollback from pg_stat_database where datname = $1) as xacts,
            (select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) from pg_stat_user_tables where relname = 'doctor_day_lateness') as lateness`,
    [dbName],
  );
  return { xacts: Number(r[0]!.xacts), latenessScans: Number(r[0]!.lateness) };
}

async function scrape(app: Child): Promise<{ heapMb: number | null; reads: number | null; views: number | null }> {
  const text = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    .then((r) => r.text())
    .catch(() => '');
  const num = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : null;
  };
  const heap = num(/^nodejs_heap_size_used_bytes (\S+)/m);
  return {
    heapMb: heap === null ? null : Math.round(heap / 1048576),
    reads: num(/^repvisit_cache_misses_total\{cache="live-streams"\} (\S+)/m),
    views: num(/^repvisit_cache_hits_total\{cache="live-streams"\} (\S+)/m),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchLiveQueues(o: { clientDir: string; streams: number; moves: number }) {
  const created = await createDatabase();
  const dbName = new URL(created.url).pathname.slice(1);
  const days = Math.max(1, Math.floor(o.streams / PER_DAY));
  let app: Child | undefined;
  const database = await openDatabase({ url: created.url, dataDir: 'memory://' });
  const admin = new pg.Client({ connectionString: created.url });
  await admin.connect();
  try {
    await migrateDatabase(database);
    const t = Date.now();
    // Reps, doctors, clinics and a session each; then today's visits in one INSERT ... SELECT: rep r at doctor r mod
    // days, 15 minutes apart from 08:00, every other one checked in.
    const v = await database.withoutTimeouts((db) =>
      seedVolume(db, { now: new Date(), volume: { clinics: Math.max(1, Math.floor(days / 4)), doctors: days, reps: o.streams, appointments: 0 } }),
    );
    const today = v.today;
    await database.db.execute(sql`
      insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, start_time, status, booked_at, updated_at, checked_in_at)
      select ${v.doctorIds[0]! - 1}::int + r % ${days}::int + 1, ${v.clinicIds[0]! - 1}::int + (r % ${days}::int) % ${v.clinicIds.length}::int + 1,
        ${v.repIds[0]! - 1}::int + r + 1, ${today}::date,
        to_char(time '08:00' + (r / ${days}::int) * interval '15 minutes', 'HH24:MI'), 'booked', now(), now(),
        case when r % 2 = 0 then now() end
      from generate_series(0, ${o.streams}::int - 1) r`);
    const visits = (
      await database.db
        .select({
          id: doctorAppointments.id,
          repId: doctorAppointments.repId,
          doctorId: doctorAppointments.doctorId,
          clinicId: doctorAppointments.clinicId,
          startTime: doctorAppointments.startTime,
          checkedInAt: doctorAppointments.checkedInAt,
        })
        .from(doctorAppointments)
        .where(eq(doctorAppointments.appointmentDate, today))
    ).sort((a, b) => a.id - b.id);
    log(`live queues: seeded ${o.streams} reps with a visit today over ${days} doctor-days in ${seconds(Date.now() - t)}`);

    app = await startApp({ database: { DATABASE_URL: created.url }, clientDir: o.clientDir, env: { METRICS_TOKEN } });
    const before = { rssMb: residentMb(app.proc.pid), ...(await scrape(app)) };

    // Open the streams, 50 at a time.
    const dayIndex = new Map<number, number>(v.doctorIds.map((id, i) => [id, i]));
    const streams: Stream[] = visits.map((x) => ({ day: dayIndex.get(x.doctorId)!, events: [], opened: false }));
    const t0 = performance.now();
    for (let i = 0; i < visits.length; i += 50) {
      await Promise.all(visits.slice(i, i + 50).map((x, j) => openStream(app!, `/api/live/appointments/${x.id}`, v.repCookie(x.repId), streams[i + j]!)));
    }
    const openMs = performance.now() - t0;
    log(`live queues: ${streams.length} streams open in ${seconds(openMs)} (${refused} refused, opened again)`);
    await sleep(1000);
    const open = { rssMb: residentMb(app.proc.pid), ...(await scrape(app)) };

    // An idle window with a heartbeat in it (every 15 s): what the streams cost the database doing nothing.
    await sleep(STATS_SETTLE_MS);
    const idle0 = await dbCounters(admin, dbName);
    const idleStart = performance.now();
    await sleep(16_000 + STATS_SETTLE_MS);
    const idle1 = await dbCounters(admin, dbName);
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const idleXactsPerSecond = (idle1.xacts - idle0.xacts) / idleSeconds;

    // The moves, spread over the days (a day moves again only after every other day has): the writer is this process,
    // as another instance, announcing each change on the bus.
    const byDay: (typeof visits)[] = Array.from({ length: days }, () => []);
    for (const x of visits) byDay[dayIndex.get(x.doctorId)!]!.push(x);
    for (const d of byDay) d.sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''));
    const called = new Array<number>(days).fill(0);
    const lateness = new Array<number>(days).fill(0);
    const streamOf = new Map(visits.map((x, i) => [x.id, streams[i]!]));
    /** Each move: when, and the streams whose object it changes (each must get an event). */
    const sent: Array<{ at: number; streams: Stream[] }> = [];
    const kinds = { checkIn: 0, callNext: 0, runningLate: 0 };
    const writer: { db: Db } = { db: database.db };
    const rate = Math.min(50, Math.max(5, days / 4)); // moves a second: a day moves at most every 4 s
    const moves0 = await dbCounters(admin, dbName);
    const reads0 = await scrape(app);
    const movesStart = performance.now();
    for (let i = 0; i < o.moves; i++) {
      const due = movesStart + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const d = i % days;
      const day = byDay[d]!;
      const kind = (i + Math.floor(i / days)) % 3;
      const at = performance.now();
      if (kind === 0) {
        // A rep not yet checked in checks in.
        const x = day.find((y) => y.checkedInAt === null);
        if (x) {
          x.checkedInAt = new Date();
          kinds.checkIn++;
          sent.push({ at, streams: [streamOf.get(x.id)!] }); // its status; nobody's place moves
          await withWrite(writer, async (w) => {
            const r = await w.update(doctorAppointments).set({ checkedInAt: x.checkedInAt }).where(eq(doctorAppointments.id, x.id)).returning();
            for (const row of r) w.changed(...keysOfAppointment(row));
          });
          continue;
        }
      }
      if (kind !== 2 && called[d]! < day.length) {
        // Call next: the first in line goes in.
        const x = day[called[d]!]!;
        // The one called and everyone behind it move; those called before stay in the room.
        sent.push({ at, streams: day.slice(called[d]!++).map((y) => streamOf.get(y.id)!) });
        kinds.callNext++;
        await withWrite(writer, async (w) => {
          const r = await w.update(doctorAppointments).set({ calledAt: new Date() }).where(eq(doctorAppointments.id, x.id)).returning();
          for (const row of r) w.changed(...keysOfAppointment(row));
        });
        continue;
      }
      lateness[d]! += 5;
      kinds.runningLate++;
      sent.push({ at, streams: day.map((y) => streamOf.get(y.id)!) }); // every ETA and lateByMinutes
      const first = day[0]!;
      await withWrite(writer, async (w) => {
        await w
          .insert(doctorDayLateness)
          .values({ clinicId: first.clinicId, doctorId: first.doctorId, date: today, minutes: lateness[d]! })
          .onConflictDoUpdate({ target: [doctorDayLateness.clinicId, doctorDayLateness.doctorId, doctorDayLateness.date], set: { minutes: lateness[d]! } });
        w.changed(cacheKey.doctorDay(first.clinicId, first.doctorId, today));
      });
    }
    const movesSeconds = (performance.now() - movesStart) / 1000;
    await sleep(3000); // the last events arrive
    const reads1 = await scrape(app);
    await sleep(STATS_SETTLE_MS);
    const moves1 = await dbCounters(admin, dbName);
    const windowSeconds = (performance.now() - movesStart) / 1000;

    // Each stream a move changes: the delay to its first event after the move (a heartbeat's fresh ETA may come
    // later; an event before the next move of its day is this move's).
    const delays: number[] = [];
    let missed = 0;
    for (const m of sent) {
      for (const s of m.streams) {
        const at = s.events.find((e) => e >= m.at);
        if (at === undefined) missed++;
        else delays.push(at - m.at);
      }
    }
    delays.sort((a, b) => a - b);
    const p50 = percentile(delays, 0.5);
    const p99 = percentile(delays, 0.99);
    const appXacts = moves1.xacts - moves0.xacts - o.moves - idleXactsPerSecond * windowSeconds;
    const dayReads = moves1.latenessScans - moves0.latenessScans - kinds.runningLate;
    const perStreamKb = open.rssMb !== null && before.rssMb !== null ? Math.round(((open.rssMb - before.rssMb) * 1024) / streams.length) : null;
    const perStreamHeapKb = open.heapMb !== null && before.heapMb !== null ? ((open.heapMb - before.heapMb) * 1024) / streams.length : null;
    const out = {
      streams: streams.length,
      days,
      moves: o.moves,
      kinds,
      movesSeconds: Math.round(movesSeconds),
      openSeconds: Math.round(openMs / 100) / 10,
      refusedOpens: refused,
      events: delays.length,
      missed,
      p50Ms: p50,
      p99Ms: p99,
      rssMb: { before: before.rssMb, open: open.rssMb, perStreamKb },
      heapMb: { before: before.heapMb, open: open.heapMb, perStreamKb: perStreamHeapKb === null ? null : Math.round(perStreamHeapKb * 10) / 10 },
      database: {
        idleTransactionsPerSecond: Math.round(idleXactsPerSecond * 10) / 10,
        appTransactionsPerMove: Math.round((appXacts / o.moves) * 10) / 10,
        dayReadsPerMove: Math.round((dayReads / o.moves) * 100) / 100,
        sharedReads: reads1.reads !== null && reads0.reads !== null ? reads1.reads - reads0.reads : null,
        views: reads1.views !== null && reads0.views !== null ? reads1.views - reads0.views : null,
      },
    };
    const target = 'postgres';
    rows.push(
      {
        target,
        measure: `live queue: ${out.streams} streams, ${out.moves} moves, event delay`,
        value: `${out.events} events, ${missed} missed`,
        p50: `${p50} ms`,
        p99: `${p99} ms`,
        goal: `p99 <= ${LIVE_GOALS.p99Ms} ms`,
        ok: p99 <= LIVE_GOALS.p99Ms,
      },
      {
        target,
        measure: `live queue: app resident memory, ${out.streams} streams open`,
        value: `${open.rssMb} MB (${before.rssMb} MB before; ${perStreamKb} KB a stream; heap ${out.heapMb.perStreamKb} KB a stream)`,
        goal: 'reported',
        ok: null,
      },
      {
        target,
        measure: 'live queue: database per move',
        value: `${out.database.appTransactionsPerMove} transactions, ${out.database.dayReadsPerMove} day reads (idle ${out.database.idleTransactionsPerSecond}/s with a heartbeat)`,
        goal: `no query per stream (${PER_DAY} streams a day)`,
        ok: out.database.dayReadsPerMove < PER_DAY / 4,
      },
    );
    log(`live queues: ${JSON.stringify(out)}`);
    return out;
  } finally {
    await app?.stop();
    await admin.end();
    await database.close();
    await created.drop();
  }
}
