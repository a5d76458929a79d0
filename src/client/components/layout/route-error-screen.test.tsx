// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReload } from '../../lib/chunk-reload';
import { lazyPage } from '../../router';
import { RouteErrorBoundary } from './route-error-boundary';

// Vitest runs without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);

/** A page loaded as the app's pages are (router.tsx's lazyPage), inside the page error boundary of the app's frame. */
function renderPage(load: () => Promise<{ default: React.ComponentType }>) {
  const Page = lazyPage(load, { data: false });
  render(
    <MemoryRouter>
      <Suspense fallback={null}>
        <RouteErrorBoundary>
          <Page />
        </RouteErrorBoundary>
      </Suspense>
    </MemoryRouter>,
  );
}

const deployedAway = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/home-page-abc123.js'));

describe('RouteErrorScreen', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page by itself when a page chunk fails to load (a deploy replaced it)', async () => {
    renderPage(deployedAway);
    expect(await screen.findByText('Loading the latest version...')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload again when the chunk still fails after that reload: the friendly screen shows instead', async () => {
    renderPage(deployedAway);
    await screen.findByText('Loading the latest version...');
    cleanup(); // the reloaded page
    renderPage(deployedAway);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();

    // The user may still ask for a reload.
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows a friendly screen with a reload button when a page throws, without reloading by itself', async () => {
    function Broken(): React.ReactNode {
      throw new Error('boom');
    }
    renderPage(async () => ({ default: Broken }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be shown. Reloading the page usually fixes it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offline, says the page is not on the device yet instead of reloading into the browser offline page, and reloads once back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(deployedAway);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText('This page is not saved on this device yet. It opens once you are back online.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledOnce();
  });
});
