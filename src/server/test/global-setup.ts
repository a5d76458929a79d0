import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readTestEnv } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { migratedTarball, writeDataDir } from './migrated-base';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, a plain tarball each suite's in-memory database starts from. */
    pgliteBaseFile: string;
    /** A migrated PGlite data directory on disk, which the tests that start the server as a process copy. */
    pgliteDataDir: string;
    /** A migrated database on TEST_DATABASE_URL's server that each suite's database is copied from; '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per test run what every API suite starts from (docs/decisions/064-fast-test-loop.md): migrating took
 * 5-8 s a suite on two cores, copying takes a fraction of it. The names carry this process and a random part, so two
 * runs on one machine (or one PostgreSQL server) never share a base.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const unique = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const env = readTestEnv();
  const baseFile = join(tmpdir(), `rv-test-base-${unique}.tar`);
  const template = env.testDatabaseUrl ? `rv_tmpl_${unique}` : '';

  // The server started as a process (the supervisor, shutdown, durability and crash tests) opens a directory: the same
  // migrated database written out once here, copied by each (`migratedDataDir` in harness.ts), rather than migrated at
  // each start (4 s each).
  const dataDir = mkdtempSync(join(tmpdir(), `rv-test-dir-${unique}-`));
  const pglite = (async () => {
    const tarball = await migratedTarball();
    writeFileSync(baseFile, Buffer.from(await tarball.arrayBuffer()));
    await writeDataDir(dataDir, tarball);
  })();

  const postgres = (async () => {
    if (!template) return;
    await onServer(env.testDatabaseUrl!, `create database ${template}`);
    const url = new URL(env.testDatabaseUrl!);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 2 });
    try {
      await migrateDatabase(database);
    } finally {
      // A template must have no connections while it is copied (PostgreSQL, CREATE DATABASE).
      await database.close();
    }
  })();

  const settled = await Promise.allSettled([pglite, postgres]);
  const teardown = async () => {
    rmSync(baseFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (template) await onServer(env.testDatabaseUrl!, `drop database if exists ${template} with (force)`);
  };
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide('pgliteBaseFile', baseFile);
  project.provide('pgliteDataDir', dataDir);
  project.provide('postgresTemplate', template);
  return teardown;
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
