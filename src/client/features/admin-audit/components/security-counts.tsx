import { THREAT_LEVELS, type SecurityEventCounts } from '../../../../shared/schemas/admin-team';
import { Card } from '../../../components/ui/card';
import { eventTypeText } from '../lib/audit-format';
import { LEVEL_LABELS } from '../lib/threat-levels';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

const TOP_TYPES = 6;

/**
 * One window's counts (the last 24 hours or 30 days): total, blocked, by threat level and the most frequent types.
 * Its title is an h2: the tab has no heading of its own, so these come straight under the dashboard's h1.
 */
export function SecurityCounts({ title, counts }: { title: string; counts: SecurityEventCounts }) {
  const { i18n } = useI18n();
  const shownTypes = counts.byType.slice(0, TOP_TYPES);
  const otherTypes = counts.byType.slice(TOP_TYPES).reduce((n, t) => n + t.count, 0);
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{i18n._('Events')}</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatNumber(counts.total)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{i18n._('Blocked')}</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatNumber(counts.blocked)}</dd>
        </div>
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">{i18n._('{title}: by threat level', { title })}</caption>
        <thead>
          <tr className="text-start text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 font-semibold">
              {i18n._('Threat level')}
            </th>
            <th scope="col" className="py-1 text-end font-semibold">
              {i18n._('Events')}
            </th>
          </tr>
        </thead>
        <tbody>
          {THREAT_LEVELS.map((level) => (
            <tr key={level} className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="py-1 text-start font-normal text-slate-700 dark:text-slate-200">
                {i18n._(LEVEL_LABELS[level])}
              </th>
              <td className="py-1 text-end tabular-nums">{formatNumber(counts.byLevel[level])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm">
        <caption className="sr-only">{i18n._('{title}: by type', { title })}</caption>
        <thead>
          <tr className="text-start text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 font-semibold">
              {i18n._('Type')}
            </th>
            <th scope="col" className="py-1 text-end font-semibold">
              {i18n._('Events')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shownTypes.length === 0 && (
            <tr>
              <td colSpan={2} className="py-1 text-slate-500 dark:text-slate-400">
                {i18n._('None')}
              </td>
            </tr>
          )}
          {shownTypes.map((t) => (
            <tr key={t.type} className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="break-words py-1 text-start font-normal text-slate-700 dark:text-slate-200">
                {eventTypeText(t.type)}
              </th>
              <td className="py-1 text-end tabular-nums">{formatNumber(t.count)}</td>
            </tr>
          ))}
          {otherTypes > 0 && (
            <tr className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="py-1 text-start font-normal text-slate-700 dark:text-slate-200">
                {i18n._('Other types')}
              </th>
              <td className="py-1 text-end tabular-nums">{formatNumber(otherTypes)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </Card>
  );
}
