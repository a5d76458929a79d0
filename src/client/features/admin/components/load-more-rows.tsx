import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

/**
 * The foot of a list read a page at a time: how many rows are shown of how many, said to screen readers as it
 * changes, and a button for the next page (docs/decisions/023). The button stays focusable while a page loads, and
 * when the last page has come focus moves to the count, so a keyboard user keeps their place. `noun` is marked
 * for translation where written, translated here.
 */
export function LoadMoreRows({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total?: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const { i18n } = useI18n();
  const status = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const buttonHadFocus = useRef(false);
  useEffect(() => {
    // Only when focus fell to the page with the button, never away from a field the admin is typing in.
    if (!hasMore && buttonHadFocus.current && document.activeElement === document.body) status.current?.focus();
    buttonHadFocus.current = false;
  }, [hasMore]);
  if (shown === 0 && !hasMore) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 p-2">
      <p ref={status} tabIndex={-1} role="status" className="text-xs text-slate-600 focus:outline-none dark:text-slate-300">
        {total !== undefined
          ? i18n._('Showing {shown} of {total} {noun}', { shown: formatNumber(shown), total: formatNumber(total), noun: i18n._(noun) })
          : i18n._('Showing {shown} {noun}', { shown: formatNumber(shown), noun: i18n._(noun) })}
      </p>
      {hasMore && (
        <Button
          ref={button}
          variant="secondary"
          size="sm"
          aria-disabled={loading || undefined}
          onClick={() => {
            buttonHadFocus.current = document.activeElement === button.current;
            if (!loading) onLoadMore();
          }}
        >
          {loading ? i18n._('Loading...') : i18n._('Load more')}
        </Button>
      )}
    </div>
  );
}
