import pg from 'pg';
import type { Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { log, rows, seconds } from './report';
import { seedVolume, type SeededVolume, type Volume } from './seed-volume';

// The benchmark's own databases: a fresh PostgreSQL database per run (dropped afterwards), seeded once.

export const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `repvisit_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Migrates and seeds `database`, reporting how long the seeding took (decision 026: it must stay quick at scale). */
export async function migrateAndSeed(database: Database, volume: Volume): Promise<SeededVolume> {
  await migrateDatabase(database);
  const t = Date.now();
  // Single statements of a large seed outlast the requests' statement timeout (at --scale=10, over 5 s).
  const v = await database.withoutTimeouts((db) => seedVolume(db, { now: new Date(), volume }));
  const ms = Date.now() - t;
  const what = `${volume.clinics} clinics, ${volume.doctors} doctors, ${volume.reps} reps, ${volume.appointments} appointments`;
  rows.push({
    target: database.kind === 'postgres' ? 'postgres' : 'embedded',
    measure: 'seeding',
    value: `${what} in ${seconds(ms)}`,
    goal: 'reported',
    ok: null,
  });
  log(`seeded ${database.kind}: ${what} in ${seconds(ms)}`);
  return v;
}
