import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { passwordChecks } from '../../../../shared/schemas/auth';
import { useI18n } from '../../../lib/i18n';

/**
 * The password-strength checklist (spec part 1, 2); the rules come from the shared schema (`checks`: another set of
 * them, as the admins' longer minimum, decision 042).
 */
export function PasswordChecklist({ password, checks = passwordChecks }: { password: string; checks?: typeof passwordChecks }) {
  const { i18n } = useI18n();
  return (
    <ul aria-label={i18n._('Password requirements')} className="grid gap-0.5 text-xs sm:grid-cols-2">
      {checks.map((check) => {
        const ok = check.test(password);
        return (
          <li
            key={check.label}
            className={clsx('flex items-center gap-1', ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400')}
          >
            {ok ? <Check className="h-3.5 w-3.5" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
            <span>{i18n._(check.label)}</span>
            <span className="sr-only">{ok ? i18n._('(met)') : i18n._('(not met)')}</span>
          </li>
        );
      })}
    </ul>
  );
}
