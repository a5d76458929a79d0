import { resolve } from 'node:path';
import { databaseOptionsOf, openDatabase } from '../db/client';
import { DataDirHeldError } from '../db/data-dir-lock';
import { backupDirOf, writeBackup } from './backup';
import { configOrExit, exitWith } from './cli-exit';

// `npm run backup [-- <dir>]` (docs/decisions/060-backups-and-restore.md): a verified snapshot of the embedded database
// in DATA_DIR, into <dir> or BACKUP_DIR. PGlite allows one process per data directory, so this runs with the server
// stopped; a running server takes its own backup every night (the nightly-backup job). The retention is the job's: a
// backup taken by hand stays until the job's retention passes it.

async function main(): Promise<void> {
  const config = configOrExit();
  if (config.DATABASE_URL) exitWith('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (docs/operations.md, Backups and restore).');
  const dir = process.argv[2] ? resolve(process.argv[2]) : backupDirOf(config);
  let database;
  try {
    database = await openDatabase(databaseOptionsOf(config));
  } catch (err) {
    if (err instanceof DataDirHeldError) {
      exitWith(
        `${err.message}. Stop the server first: only one process may open the embedded database. A running server backs itself up nightly at 02:30 IST into ${backupDirOf(config)}.`,
      );
    }
    throw err;
  }
  try {
    const backup = await writeBackup({ database, dir, now: new Date() });
    console.log(`Backup written and checked: ${backup.file} (${backup.bytes} bytes; ${backup.reps} reps, ${backup.clinics} clinics).`);
  } finally {
    await database.close();
  }
}

await main();
