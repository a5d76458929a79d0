import { useInfiniteQuery } from '@tanstack/react-query';
import type { PendingRepsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/pending-medical-reps?cursor: one page, newest first; the first carries the total. */
export const getPendingReps = (o: { cursor?: string; signal?: AbortSignal } = {}) =>
  adminFetch<PendingRepsResponse>(`/api/admin/pending-medical-reps${o.cursor ? `?cursor=${encodeURIComponent(o.cursor)}` : ''}`, { signal: o.signal });

export function usePendingReps() {
  return useInfiniteQuery({
    ...adminQueryDefaults,
    queryKey: adminKeys.pendingReps,
    queryFn: ({ pageParam, signal }) => getPendingReps({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
