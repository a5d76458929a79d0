import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Which process holds an embedded database's directory (docs/decisions/060-backups-and-restore.md). PGlite writes a
// postmaster.pid of its own, but with a made-up pid (-42), so it cannot tell a live server from a crashed one: this file
// holds the real pid, and a pid that no longer runs is a crash's leftover, taken over.

/** The lock's name inside the data directory (a restore removes the copy a backup carried along). */
export const LOCK_FILE = 'repvisit.pid';

/** The live process, other than this one, that holds `dataDir`; null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by process ${pid} (a running RepVisit server?)`);
  }
}

/** Takes `dataDir` for this process, or throws DataDirHeldError when a live process holds it. */
export function holdDataDir(dataDir: string): { release: () => void } {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) throw new DataDirHeldError(dataDir, holder);
  const file = join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return {
    release: () => {
      try {
        if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
      } catch {
        // already gone (a restore or an operator removed it)
      }
    },
  };
}
