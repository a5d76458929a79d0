import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { passwordChecks } from '../../../../shared/schemas/auth';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/admin-team';

// The accounts' rules with the admins' longer minimum (adminPasswordSchema): the first of passwordChecks is the
// length, replaced here; the others are the same letters, digit and special character.
const CHECKS = [
  { label: `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters`, test: (pw: string) => pw.length >= ADMIN_PASSWORD_MIN_LENGTH },
  ...passwordChecks.slice(1),
];

/** The strength checklist of an admin's password, met rules ticked and said in words. */
export function AdminPasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-label="Password requirements" className="grid gap-0.5 text-xs sm:grid-cols-2">
      {CHECKS.map((check) => {
        const ok = check.test(password);
        return (
          <li
            key={check.label}
            className={clsx('flex items-center gap-1', ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400')}
          >
            {ok ? <Check className="h-3.5 w-3.5" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
            <span>{check.label}</span>
            <span className="sr-only">{ok ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
