import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import type { VisitWindow, WindowProblem } from '../../../../shared/booking/visit-windows';
import { windowCapacityLine } from '../lib/visiting-hours';
import { ClockTimeInput } from './clock-time-input';

const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const errorText = 'mt-2 text-xs font-medium text-red-600 dark:text-red-400';

/** The id of a window's time input, so a failed save can move focus to it. */
export const windowInputId = (base: string, index: number, field: 'start' | 'end') => `${base}-window-${index}-${field}`;

/**
 * One visiting window: From and To (24-hour "HH:MM" in every language, docs/decisions/055), its remove button, its problems
 * beside the field they concern (aria-invalid, aria-describedby), else what it holds.
 */
export function VisitWindowFields({
  idBase,
  index,
  window,
  slotMinutes,
  problems,
  showCapacity,
  onChange,
  onRemove,
}: {
  idBase: string;
  index: number;
  window: VisitWindow;
  slotMinutes: number;
  /** this window's problems */
  problems: WindowProblem[];
  showCapacity: boolean;
  onChange: (window: VisitWindow) => void;
  onRemove: () => void;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const titleId = `${id}-title`;
  const errors = { start: problems.find((p) => p.field === 'start')?.message, end: problems.find((p) => p.field === 'end')?.message };
  const field = (name: 'start' | 'end', text: string) => (
    <div className="grid gap-1">
      <label htmlFor={windowInputId(idBase, index, name)} className={label}>
        {text}
      </label>
      <ClockTimeInput
        id={windowInputId(idBase, index, name)}
        required
        value={window[name]}
        onChange={(time) => onChange({ ...window, [name]: time })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className="px-2 tabular-nums"
      />
    </div>
  );
  return (
    <div role="group" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-2">
        <span id={titleId} className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {i18n._('Window {number}', { number: index + 1 })}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="-my-1 h-9 w-9 shrink-0"
          aria-label={i18n._('Remove window {number}', { number: index + 1 })}
          onClick={onRemove}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-1 grid grid-cols-2 gap-3">
        {field('start', i18n._('From'))}
        {field('end', i18n._('To'))}
      </div>
      {errors.start && (
        <p id={`${id}-start-error`} className={errorText}>
          {i18n._('From: {problem}', { problem: i18n._(errors.start) })}
        </p>
      )}
      {errors.end && (
        <p id={`${id}-end-error`} className={errorText}>
          {i18n._('To: {problem}', { problem: i18n._(errors.end) })}
        </p>
      )}
      {showCapacity && problems.length === 0 && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{windowCapacityLine(window, slotMinutes)}</p>}
    </div>
  );
}
