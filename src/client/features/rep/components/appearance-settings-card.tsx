import { Moon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ComingSoonBadge } from './coming-soon-badge';

/** Appearance: Dark Mode is not yet offered (spec part 2, 2.1). */
export function AppearanceSettingsCard() {
  return (
    <Card>
      <h2 className="text-base font-semibold">Appearance</h2>
      <div className="mt-2 flex items-center justify-between gap-3 py-3">
        <span className="flex items-center gap-3 text-sm">
          <Moon className="h-4 w-4 text-slate-400" aria-hidden /> Dark Mode
        </span>
        <ComingSoonBadge />
      </div>
    </Card>
  );
}
