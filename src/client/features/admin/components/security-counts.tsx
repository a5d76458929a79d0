import { THREAT_LEVELS, type SecurityEventCounts } from '../../../../shared/schemas/admin-team';
import { Card } from '../../../components/ui/card';
import { eventTypeText } from '../lib/audit-format';
import { LEVEL_LABELS } from '../lib/threat-levels';

const TOP_TYPES = 6;

/** One window's counts (the last 24 hours or 30 days): total, blocked, by threat level and the most frequent types. */
export function SecurityCounts({ title, counts }: { title: string; counts: SecurityEventCounts }) {
  const shownTypes = counts.byType.slice(0, TOP_TYPES);
  const otherTypes = counts.byType.slice(TOP_TYPES).reduce((n, t) => n + t.count, 0);
  return (
    <Card className="grid content-start gap-3 p-4">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">Events</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{counts.total.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">Blocked</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{counts.blocked.toLocaleString('en-IN')}</dd>
        </div>
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">{`${title}: by threat level`}</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 font-semibold">
              Threat level
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Events
            </th>
          </tr>
        </thead>
        <tbody>
          {THREAT_LEVELS.map((level) => (
            <tr key={level} className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="py-1 text-left font-normal text-slate-700 dark:text-slate-200">
                {LEVEL_LABELS[level]}
              </th>
              <td className="py-1 text-right tabular-nums">{counts.byLevel[level].toLocaleString('en-IN')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm">
        <caption className="sr-only">{`${title}: by type`}</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 font-semibold">
              Type
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Events
            </th>
          </tr>
        </thead>
        <tbody>
          {shownTypes.length === 0 && (
            <tr>
              <td colSpan={2} className="py-1 text-slate-500 dark:text-slate-400">
                None
              </td>
            </tr>
          )}
          {shownTypes.map((t) => (
            <tr key={t.type} className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="break-words py-1 text-left font-normal text-slate-700 dark:text-slate-200">
                {eventTypeText(t.type)}
              </th>
              <td className="py-1 text-right tabular-nums">{t.count.toLocaleString('en-IN')}</td>
            </tr>
          ))}
          {otherTypes > 0 && (
            <tr className="border-t border-slate-100 dark:border-slate-700">
              <th scope="row" className="py-1 text-left font-normal text-slate-700 dark:text-slate-200">
                Other types
              </th>
              <td className="py-1 text-right tabular-nums">{otherTypes.toLocaleString('en-IN')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </Card>
  );
}
