// Query keys of notification choices (the rep's and the clinic's); a leaf any domain may import (docs/decisions/066).
export const calendarFeedKey = ['medrep', 'calendar-feed'] as const;
export const notificationPreferencesKey = ['medrep', 'notification-preferences'] as const;
/** the clinic's e-mail and SMS choices */
export const clinicPreferencesKey = ['clinic', 'preferences'] as const;
