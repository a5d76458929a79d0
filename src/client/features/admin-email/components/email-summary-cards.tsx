import { Card } from '../../../components/ui/card';
import type { EmailStats } from '../../../../shared/schemas/admin';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

/**
 * spec part 2, 2.6 'Email History': Total Emails, Sent Successfully, Failed, Last 24 Hours; and "On the way", the
 * e-mails the outbox still holds (queued, being sent or waiting to retry; docs/decisions/028-outbox.md), so the
 * total adds up while a send runs.
 */
export function EmailSummaryCards({ overview: o }: { overview: EmailStats['overview'] | undefined }) {
  const { i18n } = useI18n();
  const retrying = o?.retrying_emails ?? 0;
  // On a phone the total spans the row, and the other four pair up beneath it.
  const cards: Array<{ label: string; value: number | undefined; color: string; note?: string; wide?: boolean }> = [
    { label: /*i18n*/ 'Total Emails', value: o?.total_emails, color: 'text-slate-900 dark:text-white', wide: true },
    { label: /*i18n*/ 'Sent Successfully', value: o?.sent_emails, color: 'text-emerald-700 dark:text-emerald-300' },
    { label: /*i18n*/ 'Failed', value: o?.failed_emails, color: 'text-red-700 dark:text-red-300' },
    {
      label: /*i18n*/ 'On the Way',
      value: o && o.queued_emails + o.retrying_emails,
      color: 'text-amber-700 dark:text-amber-300',
      note: retrying > 0 ? i18n._('{count} retrying', { count: formatNumber(retrying) }) : undefined,
    },
    { label: /*i18n*/ 'Last 24 Hours', value: o?.last_24h, color: 'text-sky-700 dark:text-sky-300' },
  ];
  return (
    <ul aria-label={i18n._('Email summary')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {cards.map(({ label, value, color, note, wide }) => (
        <li key={label} className={wide ? 'col-span-2 sm:col-span-1' : undefined}>
          <Card className="h-full p-4">
            <p className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-300">{i18n._(label)}</p>
            <p className={`mt-1 text-2xl font-bold ${color}`}>{value === undefined ? '–' : formatNumber(value)}</p>
            {note && <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p>}
          </Card>
        </li>
      ))}
    </ul>
  );
}
