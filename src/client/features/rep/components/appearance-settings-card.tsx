import { Moon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useDarkMode } from '../../../lib/theme';
import { PreferenceSwitch } from '../../notifications/components/preference-switch';

/**
 * Appearance: Dark Mode, the same switch of the whole app as the clinic's Settings (src/client/lib/theme.ts, remembered
 * on the device and applied before the first paint by src/shared/theme-init-script.ts). The spec marks it
 * 'Coming Soon' for reps (part 2, 2.1); it works for them as it does for clinics (decision 038).
 */
export function AppearanceSettingsCard() {
  const [dark, setDark] = useDarkMode();
  return (
    <Card>
      <h2 className="text-base font-semibold">Appearance</h2>
      <div className="mt-2 flex items-center justify-between gap-3 py-3">
        <span className="flex min-w-0 items-start gap-3 text-sm">
          <Moon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0">
            <span id="dark-mode-label" className="block">
              Dark Mode
            </span>
            <span id="dark-mode-hint" className="block text-xs text-slate-500 dark:text-slate-400">
              Light text on a dark background, on this device.
            </span>
          </span>
        </span>
        <PreferenceSwitch checked={dark} onChange={setDark} labelledBy="dark-mode-label" describedBy="dark-mode-hint" />
      </div>
    </Card>
  );
}
