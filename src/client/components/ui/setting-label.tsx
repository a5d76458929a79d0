import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A setting's icon, name and one-line hint, beside its switch: the name is `{id}-label` and the hint `{id}-hint`, for
 * the switch's aria-labelledby and aria-describedby.
 */
export function SettingLabel({ icon: Icon, id, label, hint }: { icon: LucideIcon; id: string; label: string; hint: ReactNode }) {
  return (
    <span className="flex min-w-0 items-start gap-3 text-sm">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      <span className="min-w-0">
        <span id={`${id}-label`} className="block">
          {label}
        </span>
        <span id={`${id}-hint`} className="block text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </span>
      </span>
    </span>
  );
}
