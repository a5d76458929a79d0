import { formatDisplayDate, weekdayName } from '../../shared/dates';

export const dayText = (date: string) => `${weekdayName(date)}, ${formatDisplayDate(date)}`;

export const APP_DASHBOARD_HINT = 'To stop these reminders, turn them off under Settings > Notifications.';
