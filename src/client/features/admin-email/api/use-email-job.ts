import { useQuery } from '@tanstack/react-query';
import { adminEmailQueries } from './keys';

/** The send's progress (keys.ts `job`); `reconnecting` is true while a passing failure is being tried again. */
export function useEmailJob(jobId: string | null) {
  const query = useQuery(adminEmailQueries.job(jobId));
  return { ...query, reconnecting: query.failureCount > 0 && !query.isError };
}
