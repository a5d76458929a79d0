import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirHeldError, dataDirHolder, LOCK_FILE } from '../db/data-dir-lock';
import { readBackup, verifyBackup } from './backup';

// `npm run restore -- <file>` (docs/decisions/060-backups-and-restore.md): a backup becomes the embedded database's data
// directory again. Only into an empty (or missing) directory; with `force` a non-empty one is moved aside, never deleted,
// so a restore of the wrong file loses nothing. Never while a server holds the directory.

export class RestoreRefusedError extends Error {}

export async function restoreBackup(o: {
  file: string;
  dataDir: string;
  force?: boolean;
  now: Date;
}): Promise<{ movedAside: string | null; reps: number; clinics: number }> {
  const dataDir = resolve(o.dataDir);
  if (!existsSync(o.file)) throw new RestoreRefusedError(`No backup file at ${o.file}`);
  const holder = dataDirHolder(dataDir);
  if (holder !== null) throw new DataDirHeldError(dataDir, holder);
  const data = await readBackup(o.file);
  // Checked before anything moves: a damaged file must not cost the data directory its place.
  await verifyBackup(data);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!o.force) throw new RestoreRefusedError(`The data directory ${dataDir} is not empty: restore into an empty one, or add --force to move it aside first`);
    movedAside = `${dataDir}.before-restore-${o.now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
    await rename(dataDir, movedAside);
  }
  await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { loadDataDir: data, extensions: { pg_trgm } });
  try {
    // A job under way when the snapshot was taken (the backup's own run among them) never finishes in this copy.
    await db.query(
      "update job_runs set status = 'failed', finished_at = now(), error = 'cut off: the database was restored from a backup taken while it ran' where status = 'running'",
    );
    const { rows } = await db.query<{ reps: number; clinics: number }>(
      'select (select count(*)::int from medical_reps) as reps, (select count(*)::int from clinic_users) as clinics',
    );
    return { movedAside, ...rows[0]! };
  } finally {
    await db.close();
    // The copy of the lock the snapshot carried names the process that took it.
    await rm(join(dataDir, LOCK_FILE), { force: true });
  }
}
