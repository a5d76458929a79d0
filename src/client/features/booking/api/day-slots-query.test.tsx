// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daySlotsResponseSchema, type DaySlotsResponse } from '../../../../shared/schemas/booking';
import { bookingQueries, DAY_SLOTS_REFRESH_MS } from './keys';

// The picked day's visit times are asked again while they are shown, so a time another rep took meanwhile stops
// being offered without the rep picking the day again (docs/decisions/039).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (taken: boolean): DaySlotsResponse =>
  daySlotsResponseSchema.parse({
    date: '2026-03-05',
    windows: [{ start: '15:30', end: '16:00' }],
    slotMinutes: 15,
    slots: [
      { time: '15:30', available: !taken },
      { time: '15:45', available: true },
    ],
    slotsLeft: taken ? 1 : 2,
  });

describe("the picked day's times", () => {
  it('are asked again every minute while shown, so a time taken meanwhile stops being offered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answer(calls++ > 0)), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useQuery(bookingQueries.daySlots(4, 9, '2026-03-05')), { wrapper });
    await waitFor(() => expect(result.current.data?.slots[0]).toEqual({ time: '15:30', available: true }));

    await act(() => vi.advanceTimersByTimeAsync(DAY_SLOTS_REFRESH_MS));
    await waitFor(() => expect(result.current.data?.slots[0]).toEqual({ time: '15:30', available: false }));
    expect(result.current.data?.slotsLeft).toBe(1);
    client.clear();
  });
});
