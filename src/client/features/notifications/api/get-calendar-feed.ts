import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { calendarFeedKey } from './keys';

/** GET /api/medrep/calendar-feed: whether a private feed exists (its URL is shown only when made). */
export function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return apiFetch<CalendarFeedStatus>('/api/medrep/calendar-feed');
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, ...repQueryDefaults });
}
