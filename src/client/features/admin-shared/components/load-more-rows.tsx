import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { listNoun } from '../lib/list-noun';

/**
 * The foot of a list read a page at a time: how many rows are shown of how many, said to screen readers as it
 * changes, and a button for the next page (docs/decisions/023). The button stays focusable while a page loads, and
 * when the last page has come focus moves to the count, so a keyboard user keeps their place. `noun` is a plural
 * message marked for translation where written (lib/list-noun.ts).
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
          ? i18n._('{count, plural, one {Showing {shown} of {total} {noun}} other {Showing {shown} of {total} {noun}}}', {
              count: total,
              shown: formatNumber(shown),
              total: formatNumber(total),
              noun: listNoun(i18n, noun, total),
            })
          : i18n._('{count, plural, one {Showing {shown} {noun}} other {Showing {shown} {noun}}}', {
              count: shown,
              shown: formatNumber(shown),
              noun: listNoun(i18n, noun, shown),
            })}
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
