import { KeyRound, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';
import { ComingSoonBadge } from '../../../components/ui/coming-soon-badge';

/** Security: Change Password (by e-mailed code) and Two-Factor Authentication, not yet offered. */
export function SecuritySettingsCard({ onChangePassword }: { onChangePassword: () => void }) {
  const { i18n } = useI18n();
  return (
    <Card>
      <h2 className="text-base font-semibold">{i18n._('Security')}</h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <li className="flex items-center justify-between gap-3 py-3">
          <span className="flex items-center gap-3 text-sm">
            <KeyRound className="h-4 w-4 text-slate-400" aria-hidden /> {i18n._('Password')}
          </span>
          <Button variant="secondary" size="sm" onClick={onChangePassword}>
            {i18n._('Change Password')}
          </Button>
        </li>
        <li className="flex items-center justify-between gap-3 py-3">
          <span className="flex items-center gap-3 text-sm">
            <ShieldCheck className="h-4 w-4 text-slate-400" aria-hidden /> {i18n._('Two-Factor Authentication')}
          </span>
          <ComingSoonBadge />
        </li>
      </ul>
    </Card>
  );
}
