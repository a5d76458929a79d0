// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from '../../../components/layout/site-header';
import { Toaster } from '../../../components/ui/toaster';
import { dismissToast } from '../../../lib/toast';
import { UserTypeSection } from './user-type-section';

// jsdom lacks ResizeObserver, which Radix controls in the auth forms measure with; a no-op stands in.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderAt(element: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      {
        path: '/contact',
        element: (
          <>
            {element}
            <h1>Contact page</h1>
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

describe('SiteHeader mobile menu', () => {
  it('opens and closes the link list with the toggle, which reports its state', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();
    expect(menu).toHaveAccessibleName('Mobile');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'About', 'Contact', 'Privacy', 'Terms']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('has the same links in the desktop nav and closes the menu when a link is followed', async () => {
    const user = userEvent.setup();
    const router = renderAt(<SiteHeader />);
    const desktop = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(desktop)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/', '/about', '/contact', '/privacy', '/terms']);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderAt(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    within(menu).getByRole('link', { name: 'About' }).focus();
    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('Select Your User Type', () => {
  it('Patients shows the coming-soon toast for 3 seconds', async () => {
    const user = userEvent.setup();
    renderAt(<UserTypeSection />);
    await user.click(screen.getByRole('button', { name: 'Continue as Patient' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Coming Soon');
    expect(toast).toHaveTextContent('Patient portal is coming soon!');
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument(), { timeout: 4500 });
  });

  it('Medical Rep opens its portal with the two options; Close ends it', async () => {
    const user = userEvent.setup();
    renderAt(<UserTypeSection />);
    await user.click(screen.getByRole('button', { name: 'Continue as Medical Rep' }));
    // The portal's code loads when asked for (decision 025).
    const dialog = await screen.findByRole('dialog', { name: 'Medical Representative Portal' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: /Login to Your Account/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Create New Account/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Continue as Medical Rep', 'Medical Representative Portal'],
    ['Continue as Clinic', 'Clinic Portal'],
  ])('%s: Login to Your Account puts the caret in Email, ready to type', async (opener, portal) => {
    const user = userEvent.setup();
    renderAt(<UserTypeSection />);
    await user.click(screen.getByRole('button', { name: opener }));
    const dialog = await screen.findByRole('dialog', { name: portal }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: /Login to Your Account/ }));
    const email = await within(dialog).findByLabelText('Email', {}, { timeout: 10_000 });
    await waitFor(() => expect(email).toHaveFocus());
    await user.keyboard('a@b.co');
    expect(email).toHaveValue('a@b.co');
  });

  it('Clinic opens its portal, shows the chosen form inside, and comes back to the options', async () => {
    const user = userEvent.setup();
    renderAt(<UserTypeSection />);
    await user.click(screen.getByRole('button', { name: 'Continue as Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clinic Portal' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: /Register New Clinic/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Login to Your Account/ }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Register New Clinic/ })).not.toBeInTheDocument());
    // The clinic login form (features/auth) renders inside the same dialog, with its way back.
    await user.click(await within(dialog).findByRole('button', { name: 'Back' }, { timeout: 10_000 }));
    expect(within(dialog).getByRole('button', { name: /Register New Clinic/ })).toBeInTheDocument();
  });
});
