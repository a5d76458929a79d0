// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '../../lib/toast';
import { LazyToaster } from './lazy-toaster';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('LazyToaster', () => {
  it('renders nothing until the first toast, then shows it and every later one', async () => {
    const { container } = render(<LazyToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[role="region"]')).toBeNull();

    act(() => toast({ title: 'Coming Soon', description: 'Patient portal is coming soon!' }));
    // The viewport's code loads now (a dynamic import), which can take a moment on a busy machine.
    expect(await screen.findByTestId('toast', {}, { timeout: 10_000 })).toHaveTextContent('Coming Soon');

    act(() => dismissToast());
    act(() => toast({ title: 'Login Failed', variant: 'destructive' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Login Failed');
  });
});
