import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** spec part 1, 7: 3 retries with delay min(1000 * 2^attempt, 30000) ms, refetch on focus and reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx is an answer, not a failure to retry.
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The tab's one query client, made on first use. A pre-rendered public page starts without it (decision 025): the
 * part that first needs it (a login form, the full app taking over) makes it, and every later part shares its cache,
 * so a session read after a login on the landing page is the one the dashboard reads.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
