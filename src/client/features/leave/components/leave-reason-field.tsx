import { clsx } from 'clsx';
import { forwardRef, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';
import { CLINIC_CLOSED_TODAY_REASONS, CLINIC_CLOSURE_REASONS, DOCTOR_LEAVE_REASONS } from '../../../../shared/constants';
import { LEAVE_LIMITS } from '../../../../shared/schemas/leave';

const errorText = 'text-xs font-medium text-red-600 dark:text-red-400';

/**
 * The reason of an absence (3 to 200 characters), with quick picks that fill the field and fit the absence: a
 * doctor's leave or a whole-clinic closure (decision 053). The reps read the reason in their e-mail (docs/decisions/040).
 */
export const LeaveReasonField = forwardRef<
  HTMLInputElement,
  { value: string; error?: string; wholeClinic: boolean; todayOnly: boolean; onChange: (value: string) => void; onBlur: () => void }
>(function LeaveReasonField({ value, error, wholeClinic, todayOnly, onChange, onBlur }, ref) {
  const picks = wholeClinic ? (todayOnly ? CLINIC_CLOSED_TODAY_REASONS : CLINIC_CLOSURE_REASONS) : DOCTOR_LEAVE_REASONS;
  const { i18n } = useI18n();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {i18n._('Reason')}
      </label>
      <Input
        ref={ref}
        id={`${id}-input`}
        value={value}
        maxLength={LEAVE_LIMITS.reasonMax}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {i18n._('{min} to {max} characters; each rep whose visit is cancelled reads it.', { min: LEAVE_LIMITS.reasonMin, max: LEAVE_LIMITS.reasonMax })}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      )}
      <div role="group" aria-labelledby={`${id}-picks`} className="mt-1 flex flex-wrap items-center gap-2">
        <span id={`${id}-picks`} className="text-xs text-slate-500 dark:text-slate-400">
          {i18n._('Quick picks:')}
        </span>
        {picks.map((r) => {
          // The pick fills the field in the language on screen: the clinic sees, and may edit, what reps will read.
          const text = i18n._(r);
          const chosen = value.trim() === text;
          return (
            <button
              key={r}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(text)}
              className={clsx(
                'min-h-9 rounded-full border px-3 py-1.5 text-start text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
                chosen
                  ? 'border-teal-700 bg-teal-50 text-teal-900 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-100'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
              )}
            >
              {text}
            </button>
          );
        })}
      </div>
    </div>
  );
});
