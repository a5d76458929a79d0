import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../../../shared/dates';
import { LOCALE_DIRECTION } from '../../../../shared/i18n/locales';
import { Button } from '../../../components/ui/button';
import { i18n, useI18n } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/intl-format';
import { dayRefusalMessage } from '../../../../shared/booking/booking-rules';
import { REASON_CELL_CLASS } from './calendar-day-style';
import { dayAriaLabel, longDate, monthTitle, REASON_SHORT, weekdayIndex } from './calendar-day-text';
import type { QueuedCalendarDay } from '../lib/queued-calendar';

/** A day whose booking waits on this device to be sent (decision 033). */
const pendingDayLabel = (date: string) => i18n._('{date}, unavailable: your booking for this date is waiting to be sent', { date: longDate(date) });

/** A Sunday, then the six days after it: the column headers' weekdays in the active language. */
const WEEK_OF_DATES = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'] as const;

/**
 * A Sun..Sat month grid (spec part 2, 2.1). Every day is a button that says whether it can be booked and why
 * not. A day that cannot be booked stays focusable (aria-disabled) and is described by the spec's message of
 * its rule (spec part 2, 5); picking it shows that message in the selected-date panel instead of a Book
 * button. Arrow keys move by day and week.
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
  lastBookableDate = null,
  busy,
  currentVisitDate,
}: {
  month: string;
  /** The server's days; `pending` marks one whose booking waits on this device (decision 033). */
  days: QueuedCalendarDay[];
  today: string;
  selectedDate: string | null;
  onSelect: (date: string) => void;
  onMonthChange: (delta: number) => void;
  canGoPrev: boolean;
  /** False on the month of the last bookable date (the booking horizon, docs/decisions/032). */
  canGoNext?: boolean;
  /** The booking horizon's last date, named by the message of a day beyond it. */
  lastBookableDate?: string | null;
  busy?: boolean;
  /** When moving a visit (docs/decisions/043): the date it is on now, marked 'Yours'. */
  currentVisitDate?: string;
}) {
  const { locale } = useI18n();
  const idPrefix = useId();
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
    // Right to left (Urdu) the week runs leftwards: the left arrow goes on to the next day.
    const ahead = LOCALE_DIRECTION[locale] === 'rtl' ? -1 : 1;
    const step = { ArrowLeft: -ahead, ArrowRight: ahead, ArrowUp: -7, ArrowDown: 7, Home: -weekday, End: 6 - weekday }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = addDays(date, step);
    if (!byDate.has(next)) return;
    moveFocus.current = true;
    setFocused(next);
  };

  const leading = first ? weekdayIndex(first) : 0;
  const cells: (QueuedCalendarDay | null)[] = [...Array<null>(leading).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const rows = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="secondary" size="icon" onClick={() => onMonthChange(-1)} disabled={!canGoPrev} aria-label={i18n._('Previous month')}>
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
        <h3 id={`cal-${month}`} className="text-base font-semibold" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <Button variant="secondary" size="icon" onClick={() => onMonthChange(1)} disabled={!canGoNext} aria-label={i18n._('Next month')}>
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </div>
      <div role="grid" aria-labelledby={`cal-${month}`} aria-busy={busy || undefined} className={clsx('grid gap-1', busy && 'opacity-60')}>
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEK_OF_DATES.map((date) => (
            <div
              key={date}
              role="columnheader"
              aria-label={formatWeekday(date)}
              className="py-1 text-center text-xs font-medium text-slate-500 dark:text-slate-400"
            >
              {formatWeekday(date, 'short')}
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
                    aria-label={
                      day.pending
                        ? pendingDayLabel(day.date)
                        : day.date === currentVisitDate
                          ? i18n._('{day}, your visit is on this date now', { day: dayAriaLabel(day) })
                          : dayAriaLabel(day)
                    }
                    aria-disabled={!day.selectable || undefined}
                    aria-describedby={day.reason ? `${idPrefix}-${day.date}` : undefined}
                    aria-pressed={day.date === selectedDate}
                    data-date={day.date}
                    data-reason={day.reason ?? 'available'}
                    data-pending={day.pending || undefined}
                    onClick={() => {
                      setFocused(day.date);
                      onSelect(day.date);
                    }}
                    onKeyDown={(e) => onKeyDown(e, day.date)}
                    className={clsx(
                      'flex h-14 w-full flex-col items-center justify-center rounded-md border text-sm leading-tight sm:h-16',
                      day.selectable
                        ? day.date === selectedDate
                          ? 'border-teal-700 bg-teal-700 text-white'
                          : 'border-teal-200 bg-white text-slate-900 hover:border-teal-600 hover:bg-teal-50 dark:border-teal-800 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'
                        : clsx(
                            'cursor-help',
                            day.date === selectedDate
                              ? 'border-slate-900 dark:border-white'
                              : day.pending
                                ? 'border-dashed border-amber-500 dark:border-amber-400'
                                : 'border-transparent',
                            day.reason && REASON_CELL_CLASS[day.reason],
                          ),
                      day.date === today && 'ring-2 ring-teal-500 ring-offset-1 dark:ring-offset-slate-800',
                      day.date === currentVisitDate && day.date !== selectedDate && 'border-2 border-dashed border-teal-700! dark:border-teal-300!',
                    )}
                  >
                    <span className="font-medium">{Number(day.date.slice(8))}</span>
                    <span aria-hidden className="text-[10px] sm:text-xs">
                      {day.pending
                        ? i18n._('Pending')
                        : day.date === currentVisitDate
                          ? i18n._('Yours')
                          : day.selectable
                            ? i18n._('{count} left', { count: day.slotsLeft })
                            : day.reason
                              ? i18n._(REASON_SHORT[day.reason])
                              : ''}
                    </span>
                  </button>
                  {day.reason && (
                    <span id={`${idPrefix}-${day.date}`} hidden>
                      {i18n._(dayRefusalMessage({ reason: day.reason, cutoff: day.cutoff }, lastBookableDate))}
                    </span>
                  )}
                </div>
              ) : (
                <div role="gridcell" key={`blank-${j}`} aria-hidden />
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
