import { Bell } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { useDisablePush } from '../api/delete-push-subscription';
import { useEnablePush } from '../api/save-push-subscription';
import { pushSupport, PushUnavailableError } from '../lib/browser-push';
import { PreferenceSwitch } from './preference-switch';

/** App Notifications: the evening-before reminder as a push on this device (asks the browser's permission). */
export function PushNotificationsRow({ prefs }: { prefs: RepNotificationPreferencesResponse }) {
  const enable = useEnablePush();
  const disable = useDisablePush();
  const support = pushSupport();
  const on = prefs.pushSubscribed && prefs.pushNotifications;
  const busy = enable.isPending || disable.isPending;
  const hint =
    support === 'unsupported'
      ? 'Not available in this browser. Install the app or use Chrome, Edge or Firefox.'
      : support === 'denied'
        ? 'Blocked in your browser settings for this site.'
        : 'A reminder on this device the evening before a visit.';

  const change = (next: boolean) => {
    const action = next ? enable : disable;
    action.mutate(undefined, {
      onSuccess: () => toast({ title: next ? 'App notifications on' : 'App notifications off', variant: 'success', duration: 3000 }),
      onError: (err) =>
        toast({
          title: 'App notifications',
          description: err instanceof PushUnavailableError ? err.message : errorMessage(err, 'Could not change app notifications. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <span className="flex min-w-0 items-start gap-3 text-sm">
        <Bell className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className="min-w-0">
          <span id="push-notifications-label" className="block">
            App Notifications
          </span>
          <span id="push-notifications-hint" className="block text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </span>
        </span>
      </span>
      <PreferenceSwitch
        checked={on}
        onChange={change}
        labelledBy="push-notifications-label"
        describedBy="push-notifications-hint"
        disabled={busy || (support !== 'supported' && !on)}
      />
    </li>
  );
}
