import { Check, ChevronRight, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

export interface UserTypeCardProps {
  title: string;
  description: string;
  icon: LucideIcon;
  features?: readonly string[];
  actionLabel: string;
  onAction: () => void;
  /** Called when the button is pointed at or focused: time to load what the action needs. */
  onIntent?: () => void;
}

/** One card of 'Select Your User Type' (spec part 1, 2): title, description, icon, features, call to action, given translated. */
export function UserTypeCard({ title, description, icon: Icon, features, actionLabel, onAction, onIntent }: UserTypeCardProps) {
  const { i18n } = useI18n();
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-700 dark:bg-slate-800">
      <span className="flex h-14 w-14 items-center justify-center rounded-xl bg-teal-700 text-white">
        <Icon className="h-7 w-7" aria-hidden />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</p>
      {features && features.length > 0 && (
        <ul className="mt-4 grid gap-2" aria-label={i18n._('{title} features', { title })}>
          {features.map((f) => (
            <li key={f} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <Check className="h-4 w-4 shrink-0 text-teal-700 dark:text-teal-300" aria-hidden />
              {f}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-6">
        <Button className="w-full" size="lg" onClick={onAction} onPointerEnter={onIntent} onFocus={onIntent}>
          {actionLabel}
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
