import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ListTotal } from '../../../../shared/schemas/pagination';
import { countText } from '../lib/paged-rows';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { listNoun, listNounMany } from '../lib/list-noun';

/**
 * "Showing X of Y appointments" (spec part 2, 2.5): X the rows matching the filters, Y every row of the list (the
 * filters aside; docs/decisions/052), each an estimate marked "about" past the server's exact-count limit (decision
 * 022). The rows loaded so far are the list's foot's (LoadMore). A list without totals says how many rows it shows.
 * Beside it the CSV export of everything the same filters match, when anything does. `noun` is a plural message
 * marked for translation where written (lib/list-noun.ts); it agrees with Y, or with X where there is no Y.
 */
export function ListSummary({
  shown,
  total,
  overall,
  noun,
  exportHref,
  updating,
}: {
  shown: number;
  total?: ListTotal;
  overall?: ListTotal;
  noun: string;
  /** Left out for a list with no export (the audit trail, the security events). */
  exportHref?: string;
  updating: boolean;
}) {
  const { i18n } = useI18n();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {total && overall
          ? i18n._('{count, plural, one {Showing {shown} of {total} {noun}} other {Showing {shown} of {total} {noun}}}', {
              count: overall.count,
              shown: countText(total),
              total: countText(overall),
              noun: listNoun(i18n, noun, overall.count),
            })
          : i18n._('{count, plural, one {Showing {shown} {noun}} other {Showing {shown} {noun}}}', {
              count: shown,
              shown: formatNumber(shown),
              noun: listNoun(i18n, noun, shown),
            })}
        {updating && <span className="ms-2 text-slate-500 dark:text-slate-400">{i18n._('Updating…')}</span>}
      </p>
      {/* Nothing matched: a file of headers alone is not worth offering. */}
      {shown > 0 && exportHref && (
        <Button asChild variant="secondary" size="sm">
          <a href={exportHref} download>
            <Download className="h-4 w-4" aria-hidden />
            {i18n._('Export CSV')}
            <span className="sr-only"> {i18n._('of these {noun}', { noun: listNounMany(i18n, noun) })}</span>
          </a>
        </Button>
      )}
    </div>
  );
}
