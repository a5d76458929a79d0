import { backupDirOf, pruneBackups, writeBackup } from '../ops/backup';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';

// 02:30 IST nightly, after the purge (docs/decisions/060-backups-and-restore.md): a verified snapshot of the embedded
// database into BACKUP_DIR, then the retention (BACKUP_KEEP_DAILY days, BACKUP_KEEP_WEEKLY weeks). The claim is the
// job runner's; the snapshot is taken after it, outside its transaction. PostgreSQL is backed up with its own tools
// (pg_dump, WAL archiving: docs/operations.md), so there the job has nothing to do and keeps no row.

export async function runNightlyBackup({ app, now }: JobOptions): Promise<JobOutcome> {
  if (!app.database.snapshot) return { status: 'skipped', runId: null, counts: {} };
  const dir = backupDirOf(app.config);
  return runJob({
    app,
    name: 'nightly-backup',
    now,
    prepare: async () => null,
    afterClaim: async () => {
      const backup = await writeBackup({ database: app.database, dir, now });
      const pruned = await pruneBackups({ dir, keepDaily: app.config.BACKUP_KEEP_DAILY, keepWeekly: app.config.BACKUP_KEEP_WEEKLY });
      app.log.info({ file: backup.file, bytes: backup.bytes, pruned }, 'backup written');
      return { backupBytes: backup.bytes, backupsPruned: pruned };
    },
  });
}
