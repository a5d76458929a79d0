import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Mail, MessageSquare } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { RepNotificationPreferences, RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { notificationsQueries } from '../api/keys';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { PreferenceSwitch } from '../../../components/ui/preference-switch';
import { PushNotificationsRow } from './push-notifications-row';
import { ComingSoonBadge } from '../../../components/ui/coming-soon-badge';
import { SettingLabel } from '../../../components/ui/setting-label';
import { WhatsAppSetting } from '../../whatsapp/components/whatsapp-setting';

// spec part 2, 2.1: Email Notifications, on by default. The choice is kept on the server, where the
// reminder jobs read it (decision 011), with a switch for each kind of reminder.

/**
 * Notifications: e-mail reminders, renewal reminders, app (push) notifications and, where the server offers them,
 * WhatsApp messages to `ownPhone` or another confirmed number (docs/decisions/044-whatsapp.md); SMS not yet offered.
 */
export function NotificationSettingsCard({ ownPhone }: { ownPhone: string }) {
  const { i18n } = useI18n();
  const prefs = useQuery(notificationsQueries.repPreferences());
  const save = useSaveNotificationPreferences();
  // The PUT takes every reminder choice; WhatsApp's fields go only when WhatsApp changes (absent leaves it as it is).
  const choices = ({ emailNotifications, pushNotifications, renewalReminders }: RepNotificationPreferencesResponse) => ({
    emailNotifications,
    pushNotifications,
    renewalReminders,
  });
  const update = (change: Partial<RepNotificationPreferences>) => {
    if (!prefs.data) return;
    save.mutate(
      { ...choices(prefs.data), ...change },
      { onError: (err) => toast({ title: i18n._('Settings not saved'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }) },
    );
  };
  return (
    <Card>
      <h2 className="text-base font-semibold">{i18n._('Notifications')}</h2>
      {prefs.isPending ? (
        <div className="py-3">
          <Spinner label={i18n._('Loading notification settings...')} />
        </div>
      ) : prefs.isError ? (
        <p className="py-3 text-sm text-red-700 dark:text-red-400">{errorMessage(prefs.error, i18n._('Could not load your notification settings.'))}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          <li className="flex items-center justify-between gap-3 py-3">
            <SettingLabel
              icon={Mail}
              id="email-notifications"
              label={i18n._('Email Notifications')}
              hint={i18n._('A reminder the evening before each visit.')}
            />
            <PreferenceSwitch
              checked={prefs.data.emailNotifications}
              onChange={(v) => update({ emailNotifications: v })}
              labelledBy="email-notifications-label"
              describedBy="email-notifications-hint"
              disabled={save.isPending}
            />
          </li>
          <li className="flex items-center justify-between gap-3 py-3">
            <SettingLabel
              icon={CalendarClock}
              id="renewal-reminders"
              label={i18n._('Renewal Reminders')}
              hint={i18n._('An e-mail 3 days before your subscription ends.')}
            />
            <PreferenceSwitch
              checked={prefs.data.renewalReminders}
              onChange={(v) => update({ renewalReminders: v })}
              labelledBy="renewal-reminders-label"
              describedBy="renewal-reminders-hint"
              disabled={save.isPending}
            />
          </li>
          <PushNotificationsRow prefs={prefs.data} />
          <WhatsAppSetting as="li" status={prefs.data} ownNumber={ownPhone} save={(whatsapp) => save.mutateAsync({ ...choices(prefs.data), ...whatsapp })} />
          {/* Nothing sends SMS: shown switched off and disabled, 'Coming Soon' as the spec has it (spec part 2, 2.1). */}
          <li className="flex items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 items-center gap-3 text-sm">
              <MessageSquare className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span id="sms-notifications-label" className="flex flex-wrap items-center gap-2">
                {i18n._('SMS Notifications')} <ComingSoonBadge />
              </span>
            </span>
            <PreferenceSwitch checked={false} onChange={() => {}} labelledBy="sms-notifications-label" disabled />
          </li>
        </ul>
      )}
    </Card>
  );
}
