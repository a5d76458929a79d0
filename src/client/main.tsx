import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App, createQueryClient } from './app';
import { createAppRouter, whenRouterReady } from './router';
import './styles/index.css';

// The remembered Dark Mode choice is applied before the first paint by an inline script (src/shared/theme-init-script.ts).

const container = document.getElementById('root')!;
const router = createAppRouter();
const app = (
  <App queryClient={createQueryClient()}>
    <RouterProvider router={router} />
  </App>
);

// Rendered once the first location's page module is loaded, so the first render is that page (not a blank).
void whenRouterReady(router).then(() => {
  // A page pre-rendered at build time (decision 014) is already on screen: React takes it over node for node, as a
  // transition, so the work is split into short tasks and a tap in between is not held up.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  // The app shell (index.html, also what the service worker serves for every navigation): rendered from scratch.
  else createRoot(container).render(app);
});
