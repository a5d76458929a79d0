import { StrictMode } from 'react';
import { RouteErrorBoundary } from './components/layout/route-error-boundary';
import { LazyToaster } from './components/ui/lazy-toaster';
import { AppRoutes } from './router';

/**
 * The app inside its router: the browser's BrowserRouter (main.tsx) or, at build time, the pre-render's StaticRouter
 * (entry-prerender.tsx). Both render this same tree, so a pre-rendered page hydrates exactly as it was rendered
 * (React's ids follow the tree's shape). No query client here: the pages that need one bring it (decision 025).
 */
export function App() {
  return (
    <StrictMode>
      {/* The frame's own error boundary (decision 019). */}
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
      <LazyToaster />
    </StrictMode>
  );
}
