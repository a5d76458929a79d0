// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLeaveResponseSchema, type CreateLeave } from '../../../../shared/schemas/leave';
import { leaveKeys } from './keys';
import { visitsKeys } from '../../visits/api/keys';
import { useCreateLeave } from './create-leave';

// After an absence is saved, the day views of the doctor it concerns (every doctor for a whole-clinic closure) and
// the absences list are marked stale, so they show the cancelled visits and the new absence (decision 040).

afterEach(() => vi.unstubAllGlobals());

async function save(input: CreateLeave) {
  const leave = { id: 5, clinicId: 4, doctorId: input.doctorId, from: input.from, to: input.to, reason: input.reason };
  const body = createLeaveResponseSchema.parse({ message: 'Absence saved', leave, cancelledCount: 1, notified: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 201, headers: { 'Content-Type': 'application/json' } })),
  );
  const client = new QueryClient();
  const keys = {
    day9: visitsKeys.appointments(4, 9, '2026-03-06'),
    day11: visitsKeys.appointments(4, 11, '2026-03-06'),
    otherClinic: visitsKeys.appointments(5, 9, '2026-03-06'),
    list: leaveKeys.leaveList(4),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useCreateLeave(4), { wrapper });
  result.current.mutate(input);
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { day9: stale(keys.day9), day11: stale(keys.day11), otherClinic: stale(keys.otherClinic), list: stale(keys.list) };
}

describe('saving an absence', () => {
  it("refreshes the doctor's day views and the list, not another doctor's", async () => {
    expect(await save({ clinicId: 4, doctorId: 9, from: '2026-03-06', to: '2026-03-08', reason: 'Annual leave' })).toEqual({
      day9: true,
      day11: false,
      otherClinic: false,
      list: true,
    });
  });

  it("refreshes every doctor's day views at the clinic for a whole-clinic closure", async () => {
    expect(await save({ clinicId: 4, doctorId: null, from: '2026-03-06', to: '2026-03-06', reason: 'Eid holiday' })).toEqual({
      day9: true,
      day11: true,
      otherClinic: false,
      list: true,
    });
  });
});
