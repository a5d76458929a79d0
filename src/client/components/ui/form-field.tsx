import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { messageOf } from '../../../shared/i18n/message';

/**
 * A labelled control with its hint and error, wired for screen readers: the control gets id, aria-invalid and
 * aria-describedby; the error is announced. The error is translated here: zod's messages are the English ids marked
 * in src/shared (decision 045); a text already translated, or from the server, is its own id and shows as it is.
 */
export function FormField({
  label,
  error,
  hint,
  status,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A live status line under the control (e.g. 'Checking...', 'Valid & available'). */
  status?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hint && hintId, status && statusId, error && errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {status && (
        <div id={statusId} aria-live="polite" className="text-xs">
          {status}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {i18n._(messageOf(error))}
        </p>
      )}
    </div>
  );
}
