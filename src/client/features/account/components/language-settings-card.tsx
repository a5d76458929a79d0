import { Card } from '../../../components/ui/card';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { useI18n } from '../../../lib/i18n';

/**
 * Language (decision 045): English, Hindi or Urdu for the rep's screens, remembered on the device and saved on the
 * account, so e-mails and reminders come in it too.
 */
export function LanguageSettingsCard() {
  const { i18n } = useI18n();
  return (
    <Card>
      <h2 className="text-base font-semibold">{i18n._('Language')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{i18n._('Your screens, e-mails and reminders in the language you choose.')}</p>
      <div className="mt-2 py-3">
        <LanguageSwitcher variant="settings" />
      </div>
    </Card>
  );
}
