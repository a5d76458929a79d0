import { AlertTriangle, HardDrive } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { i18n, useI18n } from '../../../lib/i18n';
import { formatBytes, formatDateTime } from '../../../lib/intl-format';
import { BACKUP_STALE_HOURS } from '../../../../shared/schemas/jobs';
import { useBackupStatus } from '../api/get-backup-status';

// The newest backup of the embedded database and a warning once it is late (docs/decisions/060). On PostgreSQL the
// operator's own tools take the backups, which the app cannot see: the card says so instead.

/** A Latin run (a date and time, a size) kept whole inside Urdu's right-to-left line (Unicode's first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

export function BackupCard() {
  useI18n();
  const status = useBackupStatus();
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <HardDrive className="h-4 w-4 text-slate-400" aria-hidden /> {i18n._('Backups')}
      </h2>
      {status.isPending ? (
        <div className="py-3">
          <Spinner label={i18n._('Loading backups...')} />
        </div>
      ) : status.isError ? (
        <p className="py-3 text-sm text-red-700 dark:text-red-400">{errorMessage(status.error, i18n._('Could not load the backups.'))}</p>
      ) : status.data.database === 'postgres' ? (
        <p className="py-3 text-sm text-slate-600 dark:text-slate-300">
          {i18n._('The database is PostgreSQL: it is backed up with its own tools (pg_dump, WAL archiving), which this page cannot see.')}
        </p>
      ) : (
        <div className="grid gap-2 py-3 text-sm">
          {status.data.lastBackup ? (
            <p>
              {i18n._('Last backup {when}, {size}', {
                when: isolated(formatDateTime(status.data.lastBackup.at)),
                size: isolated(formatBytes(status.data.lastBackup.bytes)),
              })}
            </p>
          ) : (
            <p>{i18n._('No backup yet.')}</p>
          )}
          {status.data.stale && (
            <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {status.data.lastBackup
                ? i18n._('The last backup is more than {hours} hours old: check the nightly backup job below and the server log.', {
                    hours: BACKUP_STALE_HOURS,
                  })
                : i18n._('There is no backup of this database: the nightly backup job makes one at 02:30 IST.')}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
