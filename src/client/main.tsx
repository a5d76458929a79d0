import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { ApiError } from './lib/api';
import './styles/index.css';

// The toast viewport (Radix) loads after the first paint: the landing route's initial JavaScript stays small (issue 10).
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

// The remembered Dark Mode choice (Settings tab), applied before the first paint of the app.
document.documentElement.classList.toggle('dark', localStorage.getItem('theme') === 'dark');

// spec part 1, 7: 3 retries with delay min(1000 * 2^attempt, 30000) ms, refetch on focus and reconnect.
// A 4xx is an answer, not a failure to retry.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
