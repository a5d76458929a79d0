// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVAILABLE_DAYS, doctorSettingsResponseSchema, type DoctorSettings } from '../../../../shared/schemas/clinic';
import { readCachedSettings, writeCachedSettings } from '../lib/settings-cache';
import { useDoctorSettings } from './use-doctor-settings';

// spec part 1, 3 and 9: the device's copy of a doctor's call settings shows while the server answers, and the
// server's answer becomes the copy (read and written by the hook, docs/decisions/067).

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const settings = (maxSlots: number): DoctorSettings => ({
  clinicId: 4,
  doctorId: 9,
  doctorName: 'Dr. Hina Wani',
  maxSlots,
  callFrequency: 7,
  availableDays: DEFAULT_AVAILABLE_DAYS,
  visitWindows: [],
  slotMinutes: 15,
  requiresApproval: false,
  doctorManagesSettings: false,
});

describe("a doctor's call settings", () => {
  it("show the device's copy first, then the server's answer, which the device keeps", async () => {
    writeCachedSettings(settings(2));
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useDoctorSettings(4, 9), { wrapper });

    expect(result.current.data?.maxSlots).toBe(2);
    await waitFor(() => expect(answer).toBeDefined());
    const body = doctorSettingsResponseSchema.parse({ settings: settings(5) });
    answer(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(result.current.data?.maxSlots).toBe(5));
    await waitFor(() => expect(readCachedSettings(4, 9)?.maxSlots).toBe(5));
    client.clear();
  });
});
