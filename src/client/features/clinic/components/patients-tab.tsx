import { Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';

/** spec part 1, 2: the Patients tab is not available yet. */
export function PatientsTab() {
  const { i18n } = useI18n();
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <Users className="h-10 w-10 text-teal-700 dark:text-teal-400" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Patient Management Coming Soon')}</h2>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">
        {i18n._('Managing patient appointments and records will arrive in a later release.')}
      </p>
    </Card>
  );
}
