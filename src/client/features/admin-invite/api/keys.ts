import { queryOptions } from '@tanstack/react-query';
import type { InviteCheckResponse } from '../../../../shared/schemas/admin-team';
import { ApiError, apiFetch } from '../../../lib/api';

// The invitation link's query, as a factory (docs/decisions/067).

export const adminInviteQueries = {
  /** POST /api/admin/invite/check {token}: whose link this is, before the page asks anything (400 when it is spent). */
  check: (token: string) =>
    queryOptions({
      queryKey: ['admin', 'invite', token] as const,
      queryFn: ({ signal }) => apiFetch<InviteCheckResponse>('/api/admin/invite/check', { method: 'POST', body: { token }, signal }),
      enabled: token !== '',
      // A spent or unknown link is an answer; only a failed connection is worth asking again.
      retry: (count, err) => !(err instanceof ApiError) && count < 2,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};
