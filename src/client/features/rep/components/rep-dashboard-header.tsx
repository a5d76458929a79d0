import { LogOut, Stethoscope } from 'lucide-react';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

/** The portal title, the welcome line, the language (decision 045) and Logout (spec part 2, 2.1). */
export function RepDashboardHeader({ fullName, onLogout, loggingOut }: { fullName: string; onLogout: () => void; loggingOut: boolean }) {
  const { i18n } = useI18n();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-teal-700 text-white sm:flex">
            <Stethoscope className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="text-base font-semibold leading-tight text-slate-900 sm:text-lg dark:text-slate-100">{i18n._('Medical Representative Portal')}</h1>
            <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-300">{i18n._('Welcome, {name}', { name: fullName })}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
          <LanguageSwitcher />
          <Button variant="secondary" size="sm" onClick={onLogout} loading={loggingOut} className="shrink-0">
            {!loggingOut && <LogOut className="h-4 w-4" aria-hidden />}
            {i18n._('Logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}
