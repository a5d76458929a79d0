import { useQuery } from '@tanstack/react-query';
import type { DaySlotsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { daySlotsKeyPrefix } from './keys';

/**
 * GET /api/booking/day-slots?doctorId=&clinicId=&date=: the day's visit times and which are free (docs/decisions/039).
 * Kept on the device like the month calendar (decision 010), so a day opened online can be booked offline. With
 * `rescheduleId`, the times as they are for moving that visit (its own time free), asked of the server only
 * (docs/decisions/043).
 */
export async function getDaySlots(clinicId: number, doctorId: number, date: string, rescheduleId?: number): Promise<DaySlotsResponse> {
  const path = `/api/booking/day-slots?doctorId=${doctorId}&clinicId=${clinicId}&date=${date}`;
  if (rescheduleId !== undefined) return apiFetch<DaySlotsResponse>(`${path}&rescheduleId=${rescheduleId}`);
  return withOfflineCache(`rep:day-slots:${clinicId}:${doctorId}:${date}`, () => apiFetch<DaySlotsResponse>(path));
}

/** How often the picked day's times are asked again while shown. */
export const DAY_SLOTS_REFRESH_MS = 60_000;

/** The picked day's times; only asked for when the doctor has visiting hours and the day can be booked. */
export function useDaySlots(clinicId: number, doctorId: number, date: string | null, enabled: boolean, rescheduleId?: number) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: [...daySlotsKeyPrefix, clinicId, doctorId, date, rescheduleId ?? null],
    queryFn: () => getDaySlots(clinicId, doctorId, date!, rescheduleId),
    enabled: enabled && date !== null,
    // Other reps take times all day: a day picked again is asked again (the rest of the rep's queries never go stale),
    // and the times on screen are asked again every minute while the page is in view, so a time taken meanwhile goes
    // grey before the rep picks it (docs/decisions/039). Offline, the device's copy answers.
    staleTime: 0,
    refetchInterval: DAY_SLOTS_REFRESH_MS,
  });
}
