import { useQuery } from '@tanstack/react-query';
import type { JobsResponse } from '../../../../shared/schemas/jobs';
import { apiFetch } from '../../../lib/api';

/** GET /api/admin/jobs (admin session): each scheduled job with its last run. */
export function getJobs(): Promise<JobsResponse> {
  return apiFetch<JobsResponse>('/api/admin/jobs');
}

export function useJobs() {
  return useQuery({ queryKey: ['admin', 'jobs'], queryFn: getJobs, refetchInterval: 60_000 });
}
