import { resolve } from 'node:path';
import { DataDirHeldError } from '../db/data-dir-lock';
import { configOrExit, exitWith } from './cli-exit';
import { restoreBackup, RestoreRefusedError } from './restore';

// `npm run restore -- <file> [--force]` (docs/decisions/060-backups-and-restore.md): the backup becomes DATA_DIR. Into
// an empty or missing directory; --force moves a non-empty one aside (DATA_DIR.before-restore-<time>), never deletes it.
// The server must be stopped. Start it afterwards: its migrations bring an older backup up to date.

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => a !== '--force');
if (!file) exitWith('Usage: npm run restore -- <backup file> [--force]');
const config = configOrExit();
if (config.DATABASE_URL) exitWith('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, Backups and restore).');
try {
  const restored = await restoreBackup({ file: resolve(file), dataDir: config.DATA_DIR, force, now: new Date() });
  if (restored.movedAside) console.log(`The data directory that was there is now ${restored.movedAside}.`);
  console.log(`Restored ${file} into ${resolve(config.DATA_DIR)} (${restored.reps} reps, ${restored.clinics} clinics). Start the server.`);
} catch (err) {
  if (err instanceof DataDirHeldError) exitWith(`${err.message}. Stop the server first.`);
  if (err instanceof RestoreRefusedError) exitWith(err.message);
  throw err;
}
