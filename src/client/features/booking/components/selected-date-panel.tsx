import { clsx } from 'clsx';
import { CalendarCheck, AlertCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { VISIT_TIME_MESSAGES } from '../../../../shared/booking/visit-windows';
import type { Message } from '../../../../shared/i18n/message';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { longDate, slotsText } from './calendar-day-text';
import { VisitTimePicker, type VisitTimePickerProps } from './visit-time-picker';

const BOOK = {
  label: /*i18n*/ 'Book Appointment',
  busyLabel: /*i18n*/ 'Booking...',
  prompt: /*i18n*/ 'Pick an available date on the calendar to book your visit.',
};

/**
 * The chosen day and 'Book Appointment' (spec part 2, 2.1). A day that cannot be booked shows the spec's
 * message of its rule (spec part 2, 5) in place of the button, so the reason is seen (and, through the live
 * region, heard) when the day is picked, not only when the server refuses a booking. With visiting hours the day's
 * times are offered too, and 'Book Appointment' waits for one to be chosen (docs/decisions/039). Moving a visit
 * (docs/decisions/043) shows the same panel with its own button; a full day can offer its waitlist below its message.
 */
export function SelectedDatePanel({
  date,
  slotsLeft,
  refusal = null,
  booking,
  onBook,
  visitTimes = null,
  action = BOOK,
  notReady = null,
  waitlist = null,
}: {
  date: string | null;
  slotsLeft: number | null;
  /** Why the picked day cannot be booked, in the spec's words; null when it can. */
  refusal?: Message | null;
  booking: boolean;
  onBook: () => void;
  /** The day's visit times and the choice; null when the doctor receives reps all day. */
  visitTimes?: VisitTimePickerProps | null;
  /** The button's words, while it works, and the prompt before a day is picked: texts marked for translation. */
  action?: { label: string; busyLabel: string; prompt: string };
  /** Why the button cannot be pressed yet (offline, the visit's own date and time), shown under it. */
  notReady?: string | null;
  /** Shown under the message of a day that cannot be booked: the waitlist of a full day (docs/decisions/043). */
  waitlist?: ReactNode;
}) {
  const { i18n } = useI18n();
  const hintId = useId();
  const needsTime = visitTimes !== null && visitTimes.chosen === null;
  const hint = notReady ?? (needsTime ? VISIT_TIME_MESSAGES.required : null);
  return (
    <section aria-label={i18n._('Selected date')} className="self-start rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarCheck className="h-5 w-5 text-teal-700 dark:text-teal-300" aria-hidden /> {i18n._('Selected Date')}
      </h3>
      {date ? (
        <>
          <div aria-live="polite" aria-atomic="true">
            <p className="mt-2 text-sm">
              <span className="font-medium">{longDate(date)}</span>
            </p>
            {refusal !== null && (
              <p
                data-testid="day-refusal"
                className="mt-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>{i18n._(refusal)}</span>
              </p>
            )}
          </div>
          {refusal !== null && waitlist}
          {refusal === null && (
            <>
              {slotsLeft !== null && <p className="mt-1 text-sm text-emerald-700 dark:text-emerald-300">{slotsText(slotsLeft)}</p>}
              {visitTimes && <VisitTimePicker {...visitTimes} />}
              <Button className="mt-4 w-full" onClick={onBook} loading={booking} disabled={hint !== null} aria-describedby={hint !== null ? hintId : undefined}>
                {booking ? i18n._(action.busyLabel) : i18n._(action.label)}
              </Button>
              {/* Live: a disabled button is skipped by Tab, so why it waits is said when it starts waiting. */}
              <p id={hintId} aria-live="polite" className={clsx('text-center text-xs text-slate-600 dark:text-slate-300', hint !== null && 'mt-2')}>
                {hint !== null && i18n._(hint)}
              </p>
            </>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{i18n._(action.prompt)}</p>
      )}
    </section>
  );
}
