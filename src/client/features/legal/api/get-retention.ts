import { useQuery } from '@tanstack/react-query';
import type { RetentionResponse } from '../../../../shared/schemas/jobs';
import { apiFetch } from '../../../lib/api';

/** GET /api/legal/retention: how many days appointment data is kept (RETENTION_DAYS on the server). */
export function getRetention(): Promise<RetentionResponse> {
  return apiFetch<RetentionResponse>('/api/legal/retention');
}

export function useRetention() {
  return useQuery({ queryKey: ['legal', 'retention'], queryFn: getRetention, staleTime: Infinity });
}
