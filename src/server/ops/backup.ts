import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Config } from '../config';
import type { Database } from '../db/client';

// Backups of the embedded database (docs/decisions/060-backups-and-restore.md): a gzipped tarball of PGlite's data
// directory, named by the moment it was taken, written under a temporary name and renamed only once a fresh in-memory
// PGlite has opened it and counted its rows. PostgreSQL is backed up with its own tools (docs/operations.md).

export interface BackupFile {
  file: string;
  /** The moment the snapshot was taken (from the name). */
  at: Date;
  bytes: number;
}

const NAME = /^repvisit-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** Where backups go: BACKUP_DIR, else beside DATA_DIR (inside it they would be copied into every next backup). */
export function backupDirOf(config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  if (config.BACKUP_DIR) return resolve(config.BACKUP_DIR);
  const dataDir = resolve(config.DATA_DIR);
  return join(dirname(dataDir), `${basename(dataDir)}-backups`);
}

export function backupFileName(at: Date): string {
  return `repvisit-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

function timeOfName(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/** The backups in `dir`, newest first (other files, and unfinished ones, are not backups). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found = await Promise.all(
    names.map(async (name) => {
      const at = timeOfName(name);
      if (!at) return null;
      const file = join(dir, name);
      return { file, at, bytes: (await stat(file)).size };
    }),
  );
  return found.filter((b): b is BackupFile => b !== null).sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** When the newest backup in `dir` was taken, or null: the metrics' hook (docs/decisions/060). */
export async function lastBackupAt(o: { dir: string }): Promise<Date | null> {
  return (await listBackups(o.dir))[0]?.at ?? null;
}

/** How many rows a backup's accounts tables hold, read from a fresh in-memory PGlite; throws when it does not open. */
export async function verifyBackup(data: Blob): Promise<{ reps: number; clinics: number }> {
  const copy = await PGlite.create({ loadDataDir: data, extensions: { pg_trgm } });
  try {
    const { rows } = await copy.query<{ reps: number; clinics: number }>(
      'select (select count(*)::int from medical_reps) as reps, (select count(*)::int from clinic_users) as clinics',
    );
    return rows[0]!;
  } finally {
    await copy.close();
  }
}

/** Takes a snapshot of the open embedded database into `dir` and checks it opens. */
export async function writeBackup(o: { database: Database; dir: string; now: Date }): Promise<BackupFile & { reps: number; clinics: number }> {
  if (!o.database.snapshot) throw new Error('Only the embedded database is backed up by RepVisit; back up PostgreSQL with pg_dump (docs/operations.md)');
  const data = await o.database.snapshot();
  const counts = await verifyBackup(data);
  await mkdir(o.dir, { recursive: true });
  const file = join(o.dir, backupFileName(o.now));
  const partial = `${file}.partial`;
  await writeFile(partial, Buffer.from(await data.arrayBuffer()));
  await rename(partial, file);
  return { file, at: o.now, bytes: data.size, ...counts };
}

/** The IST calendar day and ISO week (its Monday) of an instant: a night's backup belongs to the day it was taken in India. */
function istDay(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
}
function istWeek(at: Date): string {
  const day = new Date(`${istDay(at)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The backups to delete: kept are the newest of each of the last `keepDaily` days that have one and the newest of
 * each of the last `keepWeekly` weeks that have one (so a week's backup outlives the daily ones), the rest go.
 */
export function backupsToPrune<B extends Pick<BackupFile, 'at'>>(backups: B[], o: { keepDaily: number; keepWeekly: number }): B[] {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<B>();
  const pick = (periodOf: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const period = periodOf(b.at);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(b);
    }
  };
  pick(istDay, o.keepDaily);
  pick(istWeek, o.keepWeekly);
  return newestFirst.filter((b) => !keep.has(b));
}

/** Deletes the backups in `dir` that the retention no longer keeps; returns how many. */
export async function pruneBackups(o: { dir: string; keepDaily: number; keepWeekly: number }): Promise<number> {
  const gone = backupsToPrune(await listBackups(o.dir), o);
  for (const b of gone) await rm(b.file, { force: true });
  return gone.length;
}

/** A backup file's contents, as PGlite loads them. */
export async function readBackup(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}
