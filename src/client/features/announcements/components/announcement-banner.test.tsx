// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementBanner } from './announcement-banner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('AnnouncementBanner (spec part 2, 2.1; decision 047)', () => {
  it('opened without a network, shows the announcement once the network is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AnnouncementBanner />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    // The failed call has settled (its answer is a failure, not "no announcement").
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();

    onLine.mockReturnValue(true);
    fetchMock.mockResolvedValue(answer({ notification: { id: 3, message: 'Clinics close early on Friday.' } }));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveTextContent('Clinics close early on Friday.');
  });
});
