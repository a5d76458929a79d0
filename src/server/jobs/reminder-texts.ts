import { formatDisplayDate, weekdayOf } from '../../shared/dates';

export const dayText = (date: string) => `${weekdayOf(date).replace(/^./, (c) => c.toUpperCase())}, ${formatDisplayDate(date)}`;

export const APP_DASHBOARD_HINT = 'To stop these reminders, turn them off under Settings > Notifications.';
