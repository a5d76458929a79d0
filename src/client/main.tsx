import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { activateInitialLocale } from './lib/i18n';
import './styles/index.css';

// The remembered Dark Mode choice is applied before the first paint by an inline script (src/shared/head-script.ts).

const container = document.getElementById('root')!;
const app = (
  <BrowserRouter>
    <App />
  </BrowserRouter>
);
// An error an error boundary caught is on screen and, where it is a fault, logged by RouteErrorScreen once.
const options = { onCaughtError: () => {} };

// The page's language first (decision 045): English is in the code; Hindi's or Urdu's catalogue loads before the
// first render, so a pre-rendered page in it hydrates with the same words.
const ready = activateInitialLocale();

void ready.then(() => {
  // A page pre-rendered at build time (decision 014) is already on screen: React takes it over node for node, as a
  // transition, so the work is split into short tasks and a tap in between is not held up. A page whose code has not
  // loaded yet keeps its HTML until it has.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app, options));
  // The app shell (index.html, also what the service worker serves for every navigation): rendered from scratch.
  else createRoot(container, options).render(app);
});
