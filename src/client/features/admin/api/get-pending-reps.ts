import { useQuery } from '@tanstack/react-query';
import type { PendingRepsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/pending-medical-reps */
export const getPendingReps = () => adminFetch<PendingRepsResponse>('/api/admin/pending-medical-reps').then((r) => r.pendingReps);

export function usePendingReps() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.pendingReps, queryFn: getPendingReps });
}
