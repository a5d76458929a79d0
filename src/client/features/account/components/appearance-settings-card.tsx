import { Moon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';
import { useDarkMode } from '../../../lib/theme';
import { PreferenceSwitch } from '../../../components/ui/preference-switch';
import { SettingLabel } from '../../../components/ui/setting-label';

/**
 * Appearance: Dark Mode, the same switch of the whole app as the clinic's Settings (src/client/lib/theme.ts, remembered
 * on the device and applied before the first paint by src/shared/head-script.ts). The spec marks it
 * 'Coming Soon' for reps (part 2, 2.1); it works for them as it does for clinics (decision 038).
 */
export function AppearanceSettingsCard() {
  const { i18n } = useI18n();
  const [dark, setDark] = useDarkMode();
  return (
    <Card>
      <h2 className="text-base font-semibold">{i18n._('Appearance')}</h2>
      <div className="mt-2 flex items-center justify-between gap-3 py-3">
        <SettingLabel icon={Moon} id="dark-mode" label={i18n._('Dark Mode')} hint={i18n._('Light text on a dark background, on this device.')} />
        <PreferenceSwitch checked={dark} onChange={setDark} labelledBy="dark-mode-label" describedBy="dark-mode-hint" />
      </div>
    </Card>
  );
}
