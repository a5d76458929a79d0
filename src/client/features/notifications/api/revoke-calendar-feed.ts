import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { calendarFeedKey } from './keys';

/** DELETE /api/medrep/calendar-feed: the feed URL stops working. */
export function revokeCalendarFeed(): Promise<CalendarFeedStatus> {
  return apiFetch<CalendarFeedStatus>('/api/medrep/calendar-feed', { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKey, data),
  });
}
