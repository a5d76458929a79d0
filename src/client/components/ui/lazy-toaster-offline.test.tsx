// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from '../../lib/toast';
import { LazyToaster } from './lazy-toaster';

// Offline on a page the service worker does not keep: the viewport's code cannot be fetched.
vi.mock('./toaster', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/toaster.js');
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('LazyToaster when its code cannot be loaded (decision 047)', () => {
  it('still shows the toast, plainly, instead of taking the page down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <p>Dr. Asha&apos;s Availability</p>
        <LazyToaster />
      </>,
    );
    act(() => toast({ title: 'Saved Offline', description: 'Your appointment will be sent when you are back online.' }));
    const shown = await screen.findByTestId('toast');
    expect(shown).toHaveTextContent('Saved Offline');
    expect(shown).toHaveTextContent('Your appointment will be sent when you are back online.');
    expect(screen.getByRole('status')).toContainElement(shown);
    expect(screen.getByText("Dr. Asha's Availability")).toBeInTheDocument();

    act(() => dismissToast());
    act(() => toast({ title: 'Booking Failed', variant: 'destructive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking Failed');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
