import { BACKUP_STALE_HOURS, type BackupStatusResponse } from '../../shared/schemas/jobs';
import type { Database } from '../db/client';
import type { Deps } from '../deps';
import { backupDirOf, listBackups } from './backup';

/** The newest backup in BACKUP_DIR and whether it is late (docs/decisions/060); the files are the record, not a table. */
export async function backupStatus(deps: Pick<Deps, 'config' | 'clock'> & { database: Pick<Database, 'kind'> }): Promise<BackupStatusResponse> {
  if (deps.database.kind === 'postgres') return { database: 'postgres', lastBackup: null, stale: false };
  const [last] = await listBackups(backupDirOf(deps.config));
  const stale = !last || deps.clock.now().getTime() - last.at.getTime() > BACKUP_STALE_HOURS * 3_600_000;
  return { database: 'pglite', lastBackup: last ? { at: last.at.toISOString(), bytes: last.bytes } : null, stale };
}
