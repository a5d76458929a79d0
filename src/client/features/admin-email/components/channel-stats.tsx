import { Card } from '../../../components/ui/card';
import { MESSAGE_CHANNELS, type ChannelStats } from '../../../../shared/schemas/whatsapp';
import type { EmailStats } from '../../../../shared/schemas/admin';
import { MessageChannelLabel } from './message-channel';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

type Row = { label: string; count: (s: ChannelStats) => number };

const COUNTS: Row[] = [
  { label: /*i18n*/ 'Total', count: (s) => s.total },
  { label: /*i18n*/ 'Sent', count: (s) => s.sent },
  { label: /*i18n*/ 'Failed', count: (s) => s.failed },
  { label: /*i18n*/ 'On the Way', count: (s) => s.queued + s.retrying },
  { label: /*i18n*/ 'Last 24 Hours', count: (s) => s.last_24h },
];

// Only WhatsApp reports what happened on the phone after it took a message.
const REPORTS: Row[] = [
  { label: /*i18n*/ 'Delivered', count: (s) => s.delivered },
  { label: /*i18n*/ 'Read', count: (s) => s.read },
  { label: /*i18n*/ 'Not delivered', count: (s) => s.delivery_failed },
];

const cell = 'px-1 sm:px-2 py-1.5 text-end font-semibold tabular-nums text-slate-900 dark:text-white';
const rowHead = 'py-1.5 pe-2 text-start font-normal text-slate-600 dark:text-slate-300';

/**
 * Every channel's counts beside the spec's e-mail cards (docs/decisions/044-whatsapp.md): one small table, a column a
 * channel, so the channels compare at a glance and it still fits a phone; WhatsApp's own delivery reports below.
 */
export function ChannelStatsCard({ byChannel }: { byChannel: EmailStats['byChannel'] }) {
  const { i18n } = useI18n();
  return (
    <Card>
      <div className="max-w-2xl overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-start text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Messages by Channel')}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <td />
              {MESSAGE_CHANNELS.map((c) => (
                <th key={c} scope="col" className="px-1 py-1.5 text-end sm:px-2">
                  {/* Without the icons on a phone, so the three columns fit 360 px. */}
                  <MessageChannelLabel channel={c} className="justify-end" iconClassName="hidden sm:inline" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COUNTS.map((r) => (
              <tr key={r.label}>
                <th scope="row" className={rowHead}>
                  {i18n._(r.label)}
                </th>
                {MESSAGE_CHANNELS.map((c) => (
                  <td key={c} className={cell}>
                    {formatNumber(r.count(byChannel[c]))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tbody className="border-t border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="rowgroup" colSpan={4} className="pt-2 text-start text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
                {i18n._('Reported by WhatsApp')}
              </th>
            </tr>
            {REPORTS.map((r) => (
              <tr key={r.label}>
                <th scope="row" className={rowHead}>
                  {i18n._(r.label)}
                </th>
                {MESSAGE_CHANNELS.map((c) => (
                  <td key={c} className={cell}>
                    {c === 'whatsapp' ? (
                      formatNumber(r.count(byChannel[c]))
                    ) : (
                      <span className="font-normal text-slate-400" aria-label={i18n._('not reported')}>
                        –
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
