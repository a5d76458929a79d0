import { Bell } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { useDisablePush } from '../api/delete-push-subscription';
import { useEnablePush } from '../api/save-push-subscription';
import { pushSupport, PushUnavailableError } from '../lib/browser-push';
import { PreferenceSwitch } from '../../../components/ui/preference-switch';
import { SettingLabel } from '../../../components/ui/setting-label';

/** App Notifications: the evening-before reminder as a push on this device (asks the browser's permission). */
export function PushNotificationsRow({ prefs }: { prefs: RepNotificationPreferencesResponse }) {
  const { i18n } = useI18n();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const support = pushSupport();
  const on = prefs.pushSubscribed && prefs.pushNotifications;
  const busy = enable.isPending || disable.isPending;
  const hint =
    support === 'unsupported'
      ? i18n._('Not available in this browser. Install the app or use Chrome, Edge or Firefox.')
      : support === 'denied'
        ? i18n._('Blocked in your browser settings for this site.')
        : i18n._('A reminder on this device the evening before a visit.');

  const change = (next: boolean) => {
    const action = next ? enable : disable;
    action.mutate(undefined, {
      onSuccess: () => toast({ title: next ? i18n._('App notifications on') : i18n._('App notifications off'), variant: 'success', duration: 3000 }),
      onError: (err) =>
        toast({
          title: i18n._('App notifications'),
          description:
            err instanceof PushUnavailableError ? i18n._(err.message) : errorMessage(err, i18n._('Could not change app notifications. Please try again.')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <SettingLabel icon={Bell} id="push-notifications" label={i18n._('App Notifications')} hint={hint} />
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
