import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { calendarFeedKey } from './keys';

/** POST /api/medrep/calendar-feed: a new secret URL; any earlier one stops working. */
export function rotateCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiFetch<CalendarFeedCreated>('/api/medrep/calendar-feed', { method: 'POST' });
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (data) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { active: true, createdAt: data.createdAt }),
  });
}
