import { Plus } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { useI18n } from '../../../lib/i18n';
import { VISIT_WINDOW_MESSAGES, VISIT_WINDOWS_MAX, type VisitWindow, type WindowProblem } from '../../../../shared/booking/visit-windows';
import { dayCapacityLine, nextWindow, VISIT_LENGTHS } from '../lib/visiting-hours';
import { VisitWindowFields, windowInputId } from './visit-window-fields';
import { messageOf } from '../../../../shared/i18n/message';

const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const hint = 'text-xs text-slate-500 dark:text-slate-400';
const errorText = 'text-xs font-medium text-red-600 dark:text-red-400';

/**
 * The Visiting hours of Call Preferences (docs/decisions/039-visit-windows-and-tokens.md): up to three windows a
 * day and the length of one visit, with what they hold. `problems` are the shared rule's (visitWindowProblems),
 * shown beside their field; `serverError` is the server's refusal of the last save.
 */
export function VisitingHoursEditor({
  idBase,
  windows,
  slotMinutes,
  maxSlots,
  problems,
  serverError,
  onWindowsChange,
  onSlotMinutesChange,
}: {
  idBase: string;
  windows: VisitWindow[];
  slotMinutes: number;
  maxSlots: number;
  problems: WindowProblem[];
  serverError?: string;
  onWindowsChange: (windows: VisitWindow[]) => void;
  onSlotMinutesChange: (minutes: number) => void;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const lengthId = `${idBase}-slot-minutes`;
  const lengthError = problems.find((p) => p.field === 'slotMinutes')?.message;
  const listError = problems.find((p) => p.field === 'windows')?.message;
  const full = windows.length >= VISIT_WINDOWS_MAX;
  const summary = dayCapacityLine({ visitWindows: windows, slotMinutes, maxSlots });
  const lengths: number[] = VISIT_LENGTHS.includes(slotMinutes as (typeof VISIT_LENGTHS)[number])
    ? [...VISIT_LENGTHS]
    : [...VISIT_LENGTHS, slotMinutes].sort((a, b) => a - b);

  // Keyboard focus follows the change: to the new window's From, or to 'Add window' after a removal.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [windows.length]);
  const addId = `${idBase}-add-window`;

  return (
    <fieldset aria-describedby={`${id}-about ${id}-format`}>
      <legend className={label}>{i18n._('Visiting hours')}</legend>
      <div className="mt-1 grid gap-4">
        <div className="grid gap-0.5">
          <p id={`${id}-about`} className={hint}>
            {i18n._('Reps book a visit time inside these windows, the same on every available day (Indian time). Visits already booked keep their times.')}
          </p>
          {/* The one clock of the app, in every language (docs/decisions/055). */}
          <p id={`${id}-format`} className={hint}>
            {i18n._(VISIT_WINDOW_MESSAGES.time)}
          </p>
        </div>

        {windows.length > 0 && (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {windows.map((w, index) => (
              <li key={index} className="rounded-lg border border-slate-200 p-3 dark:border-slate-600">
                <VisitWindowFields
                  idBase={idBase}
                  index={index}
                  window={w}
                  slotMinutes={slotMinutes}
                  problems={problems.filter((p) => p.index === index)}
                  showCapacity={lengthError === undefined}
                  onChange={(next) => onWindowsChange(windows.map((old, i) => (i === index ? next : old)))}
                  onRemove={() => {
                    focusNext.current = addId;
                    onWindowsChange(windows.filter((_, i) => i !== index));
                  }}
                />
              </li>
            ))}
          </ol>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            id={addId}
            variant="secondary"
            // aria-disabled, not disabled: the button stays in the tab order, so its hint is heard.
            aria-disabled={full || undefined}
            className={full ? 'cursor-not-allowed opacity-50' : undefined}
            aria-describedby={full ? `${id}-full` : undefined}
            onClick={() => {
              if (full) return;
              focusNext.current = windowInputId(idBase, windows.length, 'start');
              onWindowsChange([...windows, nextWindow(windows)]);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden />
            {i18n._('Add window')}
          </Button>
          {full && (
            <p id={`${id}-full`} className={hint}>
              {i18n._('At most {max} windows a day; remove one to add another.', { max: VISIT_WINDOWS_MAX })}
            </p>
          )}
        </div>
        {listError && <p className={errorText}>{i18n._(messageOf(listError))}</p>}

        <div className="grid max-w-xs gap-1.5">
          <label htmlFor={lengthId} className={label}>
            {i18n._('Visit length')}
          </label>
          <NativeSelect
            id={lengthId}
            value={slotMinutes}
            onChange={(e) => onSlotMinutesChange(Number(e.target.value))}
            aria-invalid={lengthError ? true : undefined}
            aria-describedby={`${id}-length-hint${lengthError ? ` ${id}-length-error` : ''}`}
          >
            {lengths.map((m) => (
              <option key={m} value={m}>
                {i18n._('{minutes, plural, one {# minute} other {# minutes}}', { minutes: m })}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-length-hint`} className={hint}>
            {i18n._("One rep's visit; each window holds as many as fit.")}
          </p>
          {lengthError && (
            <p id={`${id}-length-error`} className={errorText}>
              {i18n._(messageOf(lengthError))}
            </p>
          )}
        </div>

        <p aria-live="polite" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-900/40 dark:text-slate-200">
          {summary ?? i18n._('Fix the windows above to see how many visits they hold.')}
        </p>
        {serverError && (
          <p role="alert" className={errorText}>
            {serverError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
