import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';
import type { CalendarDay } from '../../../../shared/schemas/booking';
import { CalendarLegend } from './calendar-legend';
import { dayAriaLabel, monthTitle, REASON_SHORT, weekdayIndex } from './calendar-day-text';

const HEADERS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

export const REASON_CELL_CLASS: Record<CalendarDayReason, string> = {
  past: 'bg-slate-50 text-slate-400 dark:bg-slate-900 dark:text-slate-500',
  beyond_horizon: 'bg-slate-50 text-slate-400 dark:bg-slate-900 dark:text-slate-500',
  unavailable_weekday: 'bg-slate-100 text-slate-500 dark:bg-slate-900 dark:text-slate-400',
  closed: 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-200',
  frequency: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  full: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-200',
  already_booked: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  has_future_appointment: 'bg-slate-100 text-slate-500 dark:bg-slate-900 dark:text-slate-400',
};

/**
 * A Sun..Sat month grid (spec part 2, 2.1). Every day is a button that says whether it can be picked and why
 * not; unavailable days stay focusable (aria-disabled) so the reason is heard. Arrow keys move by day and week.
 */
export function AvailabilityCalendar({
  month,
  days,
  today,
  selectedDate,
  onSelect,
  onMonthChange,
  canGoPrev,
  canGoNext = true,
  busy,
}: {
  month: string;
  days: CalendarDay[];
  today: string;
  selectedDate: string | null;
  onSelect: (date: string) => void;
  onMonthChange: (delta: number) => void;
  canGoPrev: boolean;
  /** False on the month of the last bookable date (the booking horizon, docs/decisions/032). */
  canGoNext?: boolean;
  busy?: boolean;
}) {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const first = days[0]?.date;
  const initialFocus = (selectedDate && byDate.has(selectedDate) ? selectedDate : days.find((d) => d.selectable)?.date) ?? first ?? null;
  const [focused, setFocused] = useState<string | null>(initialFocus);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moveFocus = useRef(false);

  // A new month on view: the roving focus starts on its first pickable day (adjusted while rendering).
  const [focusMonth, setFocusMonth] = useState(month);
  if (focusMonth !== month) {
    setFocusMonth(month);
    setFocused(initialFocus);
  }
  useEffect(() => {
    if (moveFocus.current && focused) buttons.current.get(focused)?.focus();
    moveFocus.current = false;
  }, [focused]);

  const focusTarget = focused && byDate.has(focused) ? focused : initialFocus;
  const onKeyDown = (e: KeyboardEvent, date: string) => {
    const weekday = weekdayIndex(date);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -weekday, End: 6 - weekday }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = addDays(date, step);
    if (!byDate.has(next)) return;
    moveFocus.current = true;
    setFocused(next);
  };

  const leading = first ? weekdayIndex(first) : 0;
  const cells: (CalendarDay | null)[] = [...Array<null>(leading).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const rows = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="secondary" size="icon" onClick={() => onMonthChange(-1)} disabled={!canGoPrev} aria-label="Previous month">
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <h3 id={`cal-${month}`} className="text-base font-semibold" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <Button variant="secondary" size="icon" onClick={() => onMonthChange(1)} disabled={!canGoNext} aria-label="Next month">
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div role="grid" aria-labelledby={`cal-${month}`} aria-busy={busy || undefined} className={clsx('grid gap-1', busy && 'opacity-60')}>
        <div role="row" className="grid grid-cols-7 gap-1">
          {HEADERS.map(([short, long]) => (
            <div key={short} role="columnheader" aria-label={long} className="py-1 text-center text-xs font-medium text-slate-500 dark:text-slate-400">
              {short}
            </div>
          ))}
        </div>
        {rows.map((row, i) => (
          <div role="row" key={i} className="grid grid-cols-7 gap-1">
            {row.map((day, j) =>
              day ? (
                <div role="gridcell" key={day.date} aria-selected={day.date === selectedDate}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(day.date, el);
                      else buttons.current.delete(day.date);
                    }}
                    tabIndex={day.date === focusTarget ? 0 : -1}
                    aria-label={dayAriaLabel(day)}
                    aria-disabled={!day.selectable || undefined}
                    aria-pressed={day.date === selectedDate}
                    data-date={day.date}
                    data-reason={day.reason ?? 'available'}
                    onClick={() => {
                      setFocused(day.date);
                      if (day.selectable) onSelect(day.date);
                    }}
                    onKeyDown={(e) => onKeyDown(e, day.date)}
                    className={clsx(
                      'flex h-14 w-full flex-col items-center justify-center rounded-md border text-sm leading-tight sm:h-16',
                      day.selectable
                        ? day.date === selectedDate
                          ? 'border-teal-700 bg-teal-700 text-white'
                          : 'border-teal-200 bg-white text-slate-900 hover:border-teal-600 hover:bg-teal-50 dark:border-teal-800 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'
                        : clsx('cursor-not-allowed border-transparent', day.reason && REASON_CELL_CLASS[day.reason]),
                      day.date === today && 'ring-2 ring-teal-500 ring-offset-1 dark:ring-offset-slate-800',
                    )}
                  >
                    <span className="font-medium">{Number(day.date.slice(8))}</span>
                    <span aria-hidden className="text-[10px] sm:text-xs">
                      {day.selectable ? `${day.slotsLeft} left` : day.reason ? REASON_SHORT[day.reason] : ''}
                    </span>
                  </button>
                </div>
              ) : (
                <div role="gridcell" key={`blank-${j}`} aria-hidden />
              ),
            )}
          </div>
        ))}
      </div>
      <CalendarLegend />
    </div>
  );
}
