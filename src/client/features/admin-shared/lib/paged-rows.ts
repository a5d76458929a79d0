import type { InfiniteData } from '@tanstack/react-query';
import type { ListTotal } from '../../../../shared/schemas/pagination';
import { i18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

/** The rows of every page loaded so far, in order, and the first page's totals: matching the filters, and overall. */
export function pagedRows<P extends { total?: ListTotal; overall?: ListTotal }, R>(
  data: InfiniteData<P> | undefined,
  rowsOf: (page: P) => R[],
): { rows: R[]; total?: ListTotal; overall?: ListTotal } {
  if (!data) return { rows: [] };
  return { rows: data.pages.flatMap(rowsOf), total: data.pages[0]?.total, overall: data.pages[0]?.overall };
}

/** A count as the screens write it: Indian digit grouping, "about" before an estimate. */
export const countText = (total: ListTotal) => (total.exact ? formatNumber(total.count) : i18n._('about {count}', { count: formatNumber(total.count) }));
