import { queryOptions } from '@tanstack/react-query';
import type { ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';
import type { CalendarFeedStatus, RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

// Query keys and queryOptions factories of notification choices (the rep's and the clinic's); a leaf any domain may
// import to read or invalidate them (docs/decisions/066, 067); key values unchanged.
export const calendarFeedKey = ['medrep', 'calendar-feed'] as const;
export const notificationPreferencesKey = ['medrep', 'notification-preferences'] as const;
/** the clinic's e-mail and SMS choices */
export const clinicPreferencesKey = ['clinic', 'preferences'] as const;

export const notificationsQueries = {
  /** GET /api/medrep/calendar-feed: whether a private feed exists (its URL is shown only when made). */
  calendarFeed: () =>
    queryOptions({ ...repQueryDefaults, queryKey: calendarFeedKey, queryFn: () => apiFetch<CalendarFeedStatus>('/api/medrep/calendar-feed') }),
  /** GET /api/medrep/notification-preferences: the rep's reminder choices and whether a device gets pushes. */
  repPreferences: () =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: notificationPreferencesKey,
      queryFn: () => apiFetch<RepNotificationPreferencesResponse>('/api/medrep/notification-preferences'),
    }),
  /** GET /api/clinic/preferences: the e-mail and SMS notification choices and WhatsApp's state, stored on the server. */
  clinicPreferences: () => queryOptions({ queryKey: clinicPreferencesKey, queryFn: () => apiFetch<ClinicPreferencesResponse>('/api/clinic/preferences') }),
};
