import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { listNoun, listNounMany } from '../lib/list-noun';

/**
 * The foot of an admin dashboard tab read a page at a time (docs/decisions/022): the tab's count stands above the
 * list beside its filters (spec part 2, 2.5), so this is only the next page on request. A button rather than endless
 * scrolling, so keyboard and screen reader users reach what follows the list. It stays focusable while the page
 * loads (aria-disabled, as LoadMoreRows does), and when the last page comes focus moves to the line saying so
 * instead of being lost with the button. `noun` is a plural message marked for translation where written (lib/list-noun.ts).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  noun,
  shown,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  noun: string;
  shown: number;
}) {
  const { i18n } = useI18n();
  const things = listNounMany(i18n, noun);
  const end = useRef<HTMLParagraphElement>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked && !hasMore && !loading) end.current?.focus();
  }, [asked, hasMore, loading]);
  if (shown === 0) return null;
  if (hasMore)
    return (
      <Button
        variant="secondary"
        className="w-full sm:w-auto sm:justify-self-center"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (loading) return;
          setAsked(true);
          onLoadMore();
        }}
      >
        {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {loading ? i18n._('Loading more {noun}…', { noun: things }) : i18n._('Load more {noun}', { noun: things })}
      </Button>
    );
  return (
    <p ref={end} tabIndex={-1} className="text-center text-sm text-slate-500 outline-none dark:text-slate-400">
      {i18n._('{count, plural, one {{n} {noun} shown.} other {All {n} {noun} shown.}}', {
        count: shown,
        n: formatNumber(shown),
        noun: listNoun(i18n, noun, shown),
      })}
    </p>
  );
}
