import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../api/get-me';

/**
 * After a login: reads the session again and resolves once the cache holds the new answer. An earlier "nobody
 * signed in" (kept from the 'Session Expired' or 'Access Restricted' visit, with no page watching it) is refetched
 * too, so the dashboard's guard never reads it and sends the user away a second time (decision 019).
 */
export async function refreshSession(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
}
