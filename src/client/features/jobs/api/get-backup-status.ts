import { useQuery } from '@tanstack/react-query';
import type { BackupStatusResponse } from '../../../../shared/schemas/jobs';
import { apiFetch } from '../../../lib/api';

/** GET /api/admin/backups (admin session): the newest backup of the embedded database and whether it is late. */
export function getBackupStatus(): Promise<BackupStatusResponse> {
  return apiFetch<BackupStatusResponse>('/api/admin/backups');
}

export function useBackupStatus() {
  return useQuery({ queryKey: ['admin', 'backups'], queryFn: getBackupStatus, refetchInterval: 60_000 });
}
