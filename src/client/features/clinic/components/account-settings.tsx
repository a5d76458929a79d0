import { Bell, KeyRound, Moon, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { useI18n } from '../../../lib/i18n';
import { useDarkMode } from '../../../lib/theme';
import { ChangePasswordForm } from '../../auth/components/change-password-form';
import { NotificationPreferences } from '../../notifications/components/clinic-notification-preferences';

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 py-4 first:border-t-0 first:pt-0 last:pb-0 dark:border-slate-700">
      <h3 className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
        {icon}
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * Settings tab, 'Account Settings' (spec part 1, 2): password, two-factor (coming soon), notifications, dark mode and
 * the language (decision 045).
 * `contactNumber` is the number WhatsApp messages go to unless the clinic confirms another.
 */
export function AccountSettings({ contactNumber, owner = true, manage = true }: { contactNumber: string; owner?: boolean; manage?: boolean }) {
  const { i18n } = useI18n();
  const [changing, setChanging] = useState(false);
  const [dark, setDark] = useDarkMode();
  const iconClass = 'h-4 w-4 text-teal-700 dark:text-teal-400';
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Account Settings')}</h2>
      {/* The clinic account's password is the owner's; a team member's own is chosen on their invitation (decision 072). */}
      {owner && (
        <Section icon={<KeyRound className={iconClass} aria-hidden />} title={i18n._('Change Password')}>
          {changing ? (
            <ChangePasswordForm onDone={() => setChanging(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setChanging(true)}>
              {i18n._('Change Password')}
            </Button>
          )}
        </Section>
      )}
      {owner && (
        <Section icon={<ShieldCheck className={iconClass} aria-hidden />} title={i18n._('Two-Factor Authentication')}>
          <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Badge tone="warning">{i18n._('Coming Soon')}</Badge>
            {i18n._('An extra code at sign-in.')}
          </div>
        </Section>
      )}
      {manage && (
        <Section icon={<Bell className={iconClass} aria-hidden />} title={i18n._('Notifications')}>
          <NotificationPreferences contactNumber={contactNumber} />
        </Section>
      )}
      <Section icon={<Moon className={iconClass} aria-hidden />} title={i18n._('Appearance')}>
        <div className="grid gap-3">
          <Checkbox label={i18n._('Dark Mode')} checked={dark} onCheckedChange={setDark} />
          <LanguageSwitcher variant="settings" />
        </div>
      </Section>
    </Card>
  );
}
