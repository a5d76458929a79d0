import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, rows } from './report';
import type { LoadSettings } from './reads';
import { distinctBooking } from './scenarios';
import type { SeededVolume } from './seed-volume';

// The booking's floor: the smallest transaction of a booking's shape (lock the doctor-day, count its visits, insert
// one, commit) run by pgbench straight on PostgreSQL, no Node at all, over the bench's distinct doctor-days. The
// app's booking is set beside it (docs/performance.md, The booking transaction). Where pgbench is not installed the
// row says so and the bench goes on.

/** How many of the distinct bookings the script picks among (pgbench has no arrays: a `case` of this many arms). */
const PAIRS = 400;

/** pgbench on the PATH, or PostgreSQL's own bin directory (Debian puts it in both). */
function findPgbench(): string | null {
  for (const candidate of ['pgbench', '/usr/lib/postgresql/16/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench']) {
    if (spawnSync(candidate, ['--version'], { encoding: 'utf8' }).status === 0) return candidate;
  }
  return null;
}

const caseOf = (name: string, values: readonly (number | string)[]) =>
  `\\set ${name} ${values.length === 1 ? values[0] : `case ${values.map((x, i) => `when :k = ${i} then ${x}`).join(' ')} else ${values[0]} end`}`;

/** The custom script: one booking of one of the distinct pairs (rep, doctor) on one of 120 days past the seeded year, as `distinctBooking`. */
export function bookingFloorScript(v: SeededVolume, offset: number): string {
  const picks = Array.from({ length: PAIRS }, (_, i) => distinctBooking(v, offset + i));
  // A date as days after 2000-01-01 (pgbench variables are numbers), turned back into a date in SQL.
  const day = (d: string) => Math.round((Date.parse(`${d}T00:00:00Z`) - Date.UTC(2000, 0, 1)) / 86_400_000);
  return [
    `\\set k random(0, ${PAIRS - 1})`,
    caseOf(
      'rep',
      picks.map((p) => p.repId),
    ),
    caseOf(
      'doctor',
      picks.map((p) => p.doctorId),
    ),
    caseOf(
      'clinic',
      picks.map((p) => p.clinicId),
    ),
    // Any of 120 days from the pair's: a pair seldom meets a day it booked (the one-per-date index skips it then).
    `\\set spread random(0, 119)`,
    caseOf(
      'first',
      picks.map((p) => day(p.appointmentDate)),
    ),
    `\\set day :first + :spread`,
    'BEGIN;',
    // The doctor-day lock as the app takes it (src/server/modules/clinics/doctor-day-lock.ts).
    `SELECT pg_advisory_xact_lock(:doctor, hashtext(:clinic || ':' || (date '2000-01-01' + :day)::text));`,
    `SELECT count(*) FROM doctor_appointments WHERE clinic_id = :clinic AND doctor_id = :doctor AND appointment_date = date '2000-01-01' + :day AND status <> 'cancelled';`,
    // A pair booked once already (the script repeats pairs) is skipped by the one-per-date index, as the app's 409.
    `INSERT INTO doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status, booked_at, updated_at) VALUES (:doctor, :clinic, :rep, date '2000-01-01' + :day, 'booked', now(), now()) ON CONFLICT DO NOTHING;`,
    'END;',
    '',
  ].join('\n');
}

/**
 * Runs the floor for `load.seconds` with `load.connections` clients; answers its transactions a second and p99, or
 * null where pgbench is missing or fails. Call it on the seeded database before the app runs (run.ts, beside
 * `benchDirectBookings`).
 */
export function benchBookingFloor(url: string, v: SeededVolume, load: LoadSettings): { rate: number; p99: number } | null {
  const pgbench = findPgbench();
  const measure = 'booking floor: lock the doctor-day, count, insert, commit (pgbench, custom script)';
  if (!pgbench) {
    log('pgbench not found: the booking floor is not measured');
    rows.push({ target: 'postgres', measure, value: 'not measured (no pgbench)', goal: 'reference', ok: null });
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'rv-floor-'));
  try {
    const script = join(dir, 'booking.sql');
    // Far from the app's own distinct bookings (bookings.ts starts at 0 and 200,000).
    writeFileSync(script, bookingFloorScript(v, 500_000));
    const latencyLog = join(dir, 'lat');
    const args = ['-n', '-f', script, '-c', String(load.connections), '-j', '2', '-T', String(load.seconds), '-l', '--log-prefix', latencyLog, url];
    const run = spawnSync(pgbench, args, { encoding: 'utf8', cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    if (run.status !== 0 || !tps) {
      log(`pgbench failed: ${run.stderr.trim().split('\n').slice(-3).join(' / ')}`);
      rows.push({ target: 'postgres', measure, value: 'not measured (pgbench failed)', goal: 'reference', ok: null });
      return null;
    }
    const latencies = readLatencies(dir).sort((a, b) => a - b);
    const p99 = Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0);
    const rate = Number(tps);
    log(`postgres booking floor (pgbench): ${rate.toFixed(0)} transactions/s, p99 ${p99} ms`);
    rows.push({ target: 'postgres', measure, value: `${rate.toFixed(0)} bookings/s`, p99: `${p99} ms`, goal: 'reference', ok: null });
    return { rate, p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench's per-transaction log (`-l`): the third field is the latency in microseconds. */
function readLatencies(dir: string): number[] {
  const out: number[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('lat.'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) out.push(us / 1000);
    }
  }
  return out;
}
