import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { seedVolume, VOLUME } from '../bench/seed-volume';
import { openDatabase, type Database, type Db } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../src/server/db/schema';
import { DirectoryPlace } from '../src/server/modules/directory/directory-place';
import {
  findBookableSettingsOfLinks,
  listBookableDoctorsOfPlace,
  listBookablePlaces,
  listClinicCities,
  listClinicStates,
  queryBookableClinicsOfDoctors,
} from '../src/server/modules/directory/directory.repo';
import { JAMMU_AND_KASHMIR, OTHER_CITY } from '../src/shared/constants';

// `node --expose-gc --import tsx scripts/measure-directory.ts --scale=1,10 --database=embedded,postgres`:
// the time to load the bookable directory whole (the one snapshot it was before
// docs/decisions/027-directory-partitions.md) against one partition of it (a state, or a state and city),
// and the other entries of the directory's caches, on the bench's seeded volume (bench/seed-volume.ts)
// times --scale. Medians of --runs loads each (after one unmeasured). PostgreSQL: a fresh database on
// MEASURE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const scales = (args.get('scale') ?? '1,10').split(',').filter(Boolean).map(Number);
const databases = (args.get('database') ?? 'embedded,postgres').split(',');
const runs = Number(args.get('runs') ?? 7);
const adminUrl = process.env.MEASURE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const hasDay = sql`(jsonb_typeof(${clinicDoctorSettings.availableDays}) = 'object' and ${clinicDoctorSettings.availableDays} @? '$.* ? (@ == true)'::jsonpath)`;

/** The whole directory as it was loaded before: every bookable link, indexed by link and by doctor. */
async function loadWhole(db: Db): Promise<{ links: number; kept: unknown }> {
  const links = await db
    .select({
      clinicId: clinicDoctors.clinicId,
      doctorId: clinicDoctors.doctorId,
      doctorName: doctors.name,
      specialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      city: clinicUsers.city,
      state: clinicUsers.state,
      availableDays: clinicDoctorSettings.availableDays,
      maxSlots: clinicDoctorSettings.maxSlots,
      callFrequency: clinicDoctorSettings.callFrequency,
    })
    .from(clinicDoctors)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, clinicDoctors.clinicId), eq(clinicUsers.status, 'active')))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(hasDay);
  const settings = new Map<string, unknown>();
  const ofDoctor = new Map<number, unknown[]>();
  for (const l of links) {
    settings.set(`${l.clinicId}\u0001${l.doctorId}`, l);
    const list = ofDoctor.get(l.doctorId);
    if (list) list.push(l);
    else ofDoctor.set(l.doctorId, [l]);
  }
  return { links: links.length, kept: [settings, ofDoctor] };
}

/** One state as one partition (every city of it). */
async function loadState(db: Db, state: string): Promise<number> {
  const rows = await db
    .selectDistinct({ id: doctors.id, name: doctors.name, specialty: doctors.specialty, city: clinicUsers.city })
    .from(clinicUsers)
    .innerJoin(clinicDoctors, eq(clinicDoctors.clinicId, clinicUsers.id))
    .innerJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(and(eq(clinicUsers.state, state), eq(clinicUsers.status, 'active'), hasDay));
  const byCity = new Map<string, typeof rows>();
  for (const r of rows) byCity.set(r.city, [...(byCity.get(r.city) ?? []), r]);
  for (const list of byCity.values()) new DirectoryPlace(list);
  return rows.length;
}

async function loadPlace(db: Db, state: string, city: string): Promise<number> {
  const place = new DirectoryPlace(await listBookableDoctorsOfPlace(db, { state, city }));
  return place.specialties.length;
}

async function median(fn: () => Promise<unknown>): Promise<{ ms: number; size: unknown }> {
  const size = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10, size };
}

function heapOf(build: () => Promise<unknown>): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Promise.resolve(NaN);
  return (async () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = await build();
    gc();
    const after = process.memoryUsage().heapUsed;
    if (kept === undefined) return NaN;
    return Math.round((after - before) / 1024);
  })();
}

async function measure(database: Database, scale: number, where: string): Promise<void> {
  const db = database.db;
  const t0 = performance.now();
  const v = await seedVolume(db, {
    now: new Date('2026-03-02T04:30:00.000Z'),
    volume: { clinics: VOLUME.clinics * scale, doctors: VOLUME.doctors * scale, reps: 200, appointments: 1000 },
  });
  console.log(
    `\n${where}, ${scale}x (${VOLUME.clinics * scale} clinics, ${VOLUME.doctors * scale} doctors), seeded in ${Math.round(performance.now() - t0)} ms`,
  );
  const doctorId = v.doctorIds[7]!;
  const other = v.places.find((p) => p.state !== JAMMU_AND_KASHMIR)!.state;
  const clinicId = v.primaryClinicOf[doctorId]!;
  const rows: Array<[string, { ms: number; size: unknown }]> = [
    ['whole directory (links)', await median(async () => (await loadWhole(db)).links)],
    [`state ${JAMMU_AND_KASHMIR} (doctor-places)`, await median(() => loadState(db, JAMMU_AND_KASHMIR))],
    [`state ${other} (doctor-places)`, await median(() => loadState(db, other))],
    [`place ${JAMMU_AND_KASHMIR}/Srinagar (specialties)`, await median(() => loadPlace(db, JAMMU_AND_KASHMIR, 'Srinagar'))],
    [`place ${other}/${OTHER_CITY} (specialties)`, await median(() => loadPlace(db, other, OTHER_CITY))],
    ['clinic states walked (count)', await median(async () => (await listClinicStates(db)).length)],
    [
      'bookable states, every state probed (count)',
      await median(
        async () =>
          (
            await listBookablePlaces(
              db,
              (await listClinicStates(db)).map((state) => ({ state })),
            )
          ).length,
      ),
    ],
    [`one state probed after a change (${JAMMU_AND_KASHMIR})`, await median(async () => (await listBookablePlaces(db, [{ state: JAMMU_AND_KASHMIR }])).length)],
    [`one state probed after a change (${other})`, await median(async () => (await listBookablePlaces(db, [{ state: other }])).length)],
    [
      `cities of ${JAMMU_AND_KASHMIR}, every city probed (count)`,
      await median(
        async () =>
          (
            await listBookablePlaces(
              db,
              (await listClinicCities(db, { state: JAMMU_AND_KASHMIR })).map((city) => ({ state: JAMMU_AND_KASHMIR, city })),
            )
          ).length,
      ),
    ],
    ['clinics of one doctor (count)', await median(async () => (await queryBookableClinicsOfDoctors(db, [doctorId])).length)],
    ['settings of one link (count)', await median(async () => (await findBookableSettingsOfLinks(db, [[clinicId, doctorId]])).length)],
  ];
  for (const [name, r] of rows) console.log(`  ${name.padEnd(44)} ${String(r.ms).padStart(8)} ms   ${String(r.size)}`);
  const whole = await heapOf(async () => (await loadWhole(db)).kept);
  const place = await heapOf(async () => new DirectoryPlace(await listBookableDoctorsOfPlace(db, { state: JAMMU_AND_KASHMIR, city: 'Srinagar' })));
  console.log(`  heap: whole ${whole} KB (links indexed; the snapshot's memos came on top), place ${JAMMU_AND_KASHMIR}/Srinagar ${place} KB`);
}

/** Building a partition of `n` doctors in memory, and answering a page and a name search from it. */
async function measureInMemory(n: number): Promise<void> {
  const doctors = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Dr. ${String.fromCharCode(65 + (i % 26))}name ${(i * 7919) % n}`,
    specialty: 'Cardiology',
  }));
  const build = await median(async () => new DirectoryPlace(doctors).page('Cardiology', { limit: 50 }).doctors.length);
  const place = new DirectoryPlace(doctors);
  const first = await median(async () => place.page('Cardiology', { limit: 50 }).doctors.length);
  const cursor = place.page('Cardiology', { limit: 50 }).nextCursor!;
  const next = await median(async () => place.page('Cardiology', { limit: 50, cursor }).doctors.length);
  const search = await median(async () => place.page('Cardiology', { limit: 50, q: 'qname 1' }).doctors.length);
  console.log(
    `\nin memory, ${n} doctors of one specialty: build and sort ${build.ms} ms, then first page ${first.ms} ms, next page ${next.ms} ms, search ${search.ms} ms`,
  );
}

if (args.has('memory')) await measureInMemory(Number(args.get('memory')));

for (const scale of scales) {
  for (const where of databases) {
    if (where === 'embedded') {
      const database = await openDatabase({ dataDir: 'memory://' });
      await migrateDatabase(database);
      await measure(database, scale, 'PGlite');
      await database.close();
      continue;
    }
    const name = `rv_measure_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 4 });
    try {
      await migrateDatabase(database);
      await measure(database, scale, 'PostgreSQL');
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
