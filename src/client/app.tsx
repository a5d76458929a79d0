import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { ApiError } from './lib/api';

// The toast viewport (Radix) loads after the first paint: the landing route's initial JavaScript stays small (decision 012).
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

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

/**
 * The app around its router: the browser's RouterProvider (main.tsx) or, at build time, the pre-render's
 * StaticRouterProvider (entry-prerender.tsx). Both render this same tree, so a pre-rendered page hydrates
 * exactly as it was rendered (React's ids follow the tree's shape).
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>
  );
}
