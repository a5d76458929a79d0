import { clsx } from 'clsx';
import { AlertCircle, Clock } from 'lucide-react';
import { useId } from 'react';
import type { VisitWindow } from '../../../../shared/booking/visit-windows';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import type { QueuedDaySlot, QueuedDaySlots } from '../lib/queued-calendar';

export interface VisitTimePickerProps {
  /** The day's times; null while they load (or when they could not be loaded). */
  day: QueuedDaySlots | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  chosen: string | null;
  onChoose: (time: string) => void;
  /** Why the last choice was cleared (the server's 409 visit_time_taken), shown until another time is chosen. */
  notice?: string | null;
  /** The times were worked out offline from the kept calendar: which are taken is not known. */
  estimated?: boolean;
}

const inWindow = (w: VisitWindow) => (s: QueuedDaySlot) => s.time >= w.start && s.time < w.end;

/**
 * The picked day's visit times (docs/decisions/039), grouped by window under its hours. Native radios sharing one
 * name: one choice across the windows, Tab reaches the group and the arrow keys move between the free times, and a
 * taken time is disabled, struck through and read as 'Taken'.
 */
export function VisitTimePicker({ day, loading, failed, onRetry, chosen, onChoose, notice = null, estimated = false }: VisitTimePickerProps) {
  const { i18n } = useI18n();
  const name = useId();
  if (!day) {
    if (failed && !loading) {
      return (
        <div
          role="alert"
          className="mt-3 grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p>{i18n._('Could not load the visit times. Please try again.')}</p>
          <Button size="sm" variant="secondary" onClick={onRetry} className="justify-self-start">
            {i18n._('Try again')}
          </Button>
        </div>
      );
    }
    return (
      <div className="mt-3">
        <Spinner label={i18n._('Loading visit times...')} />
      </div>
    );
  }
  const free = day.slots.some((s) => s.available);
  return (
    <fieldset className="mt-3 grid gap-3" data-testid="visit-times">
      <legend className="mb-2 flex items-center gap-1.5 text-sm font-medium">
        <Clock className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden /> {i18n._('Visit time')}
      </legend>
      {notice && (
        <p
          data-testid="visit-time-notice"
          className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{i18n._(notice)}</span>
        </p>
      )}
      {estimated && (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {i18n._('You are offline: some of these times may already be taken. Your booking is checked when you are back online.')}
        </p>
      )}
      {day.windows.map((w) => (
        <fieldset key={w.start}>
          <legend className="mb-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">{`${w.start}-${w.end}`}</legend>
          <div className="grid grid-cols-4 gap-2">
            {day.slots.filter(inWindow(w)).map((s) => (
              <TimeOption key={s.time} slot={s} name={name} checked={chosen === s.time} onChoose={onChoose} />
            ))}
          </div>
        </fieldset>
      ))}
      {!free && <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('No visit times are free on this date. Please select another date.')}</p>}
    </fieldset>
  );
}

function TimeOption({ slot, name, checked, onChoose }: { slot: QueuedDaySlot; name: string; checked: boolean; onChoose: (time: string) => void }) {
  const { i18n } = useI18n();
  const taken = !slot.available;
  // Named on the radio itself: a visually hidden word beside the time would be read apart ("15:30 , Taken").
  const label = !taken
    ? slot.time
    : slot.pending
      ? i18n._('{time}, your booking waiting to be sent', { time: slot.time })
      : i18n._('{time}, Taken', { time: slot.time });
  return (
    <label className="relative" data-time={slot.time}>
      <input
        type="radio"
        name={name}
        value={slot.time}
        checked={checked}
        disabled={taken}
        onChange={() => onChoose(slot.time)}
        aria-label={label}
        // Over the whole button, unseen: a tap or a click lands on the radio itself.
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
      />
      <span
        className={clsx(
          'flex h-11 items-center justify-center rounded-md border text-sm font-medium tabular-nums',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700',
          taken
            ? 'border-slate-200 bg-slate-100 text-slate-400 line-through dark:border-slate-700 dark:bg-slate-900 dark:text-slate-500'
            : 'border-teal-200 bg-white text-slate-900 hover:border-teal-600 hover:bg-teal-50 peer-checked:border-teal-700 peer-checked:bg-teal-700 peer-checked:text-white dark:border-teal-800 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:peer-checked:bg-teal-600',
          slot.pending && 'border-dashed border-amber-500 dark:border-amber-400',
        )}
      >
        <span aria-hidden>{slot.time}</span>
      </span>
    </label>
  );
}
