import { Ban } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import type { RepFutureAppointment } from '../../../../shared/schemas/booking';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';

/** The held visit's state, in the sentence's words. */
const STATUS_WORD: Record<string, string> = { booked: /*i18n*/ 'booked', confirmed: /*i18n*/ 'confirmed' };

/** Replaces the calendar while the rep holds an active future appointment here (spec part 2, 2.1 and 5). */
export function BookingDisabledPanel({ appointment, doctor, clinic }: { appointment?: RepFutureAppointment | null; doctor: string; clinic?: string }) {
  const { i18n } = useI18n();
  const date = appointment?.appointment_date;
  const place = clinic ? i18n._('at {clinic}', { clinic }) : i18n._('at this clinic');
  const word = appointment?.status ? STATUS_WORD[appointment.status] : undefined;
  const status = appointment?.status ? ` (${word ? i18n._(word) : appointment.status})` : '';
  const sentence = date
    ? i18n._('You already have a future appointment with {doctor} {place} on <strong>{date}</strong>{status}.', {
        doctor,
        place,
        date: formatDisplayDate(date),
        status,
      })
    : i18n._('You already have a future appointment with {doctor} {place}{status}.', { doctor, place, status });
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Ban className="h-5 w-5" aria-hidden /> {i18n._('Booking Currently Disabled')}
      </h3>
      <p className="mt-2 text-sm">{richText(sentence, { strong: (text) => <strong>{text}</strong> })}</p>
      <p className="mt-1 text-sm">
        {i18n._('Please complete or cancel your current appointment before booking another one. You can cancel it under My Appointments.')}
      </p>
    </div>
  );
}
