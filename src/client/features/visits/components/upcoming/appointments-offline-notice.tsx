import { CloudOff } from 'lucide-react';
import { useI18n } from '../../../../lib/i18n';

/** spec part 2, 4 (connectivity): the list was never loaded on this device and there is no network to load it. */
export function AppointmentsOfflineNotice() {
  const { i18n } = useI18n();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <CloudOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">{i18n._('You are offline')}</p>
        <p>{i18n._('Your appointments have not been loaded on this device yet. They will show here when you are back online.')}</p>
      </div>
    </div>
  );
}
