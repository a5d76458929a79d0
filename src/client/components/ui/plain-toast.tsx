import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n';
import { dismissToast, useCurrentToast } from '../../lib/toast';

/**
 * The current toast without the Radix viewport, for when the viewport's code could not be loaded (offline, before the
 * service worker keeps it): what a user must be told is still said, nothing blanks (decision 047). It closes after
 * the toast's duration, as the viewport does, and is announced by its live region.
 */
export function PlainToast() {
  const { i18n } = useI18n();
  const t = useCurrentToast();
  useEffect(() => {
    if (!t) return;
    const timer = setTimeout(() => dismissToast(t.id), t.duration);
    return () => clearTimeout(timer);
  }, [t]);
  const urgent = t?.variant === 'destructive';
  return (
    <div role={urgent ? 'alert' : 'status'} className="fixed bottom-0 end-0 z-[100] w-full max-w-sm p-4">
      {t && (
        <div
          key={t.id}
          data-testid="toast"
          className={
            urgent
              ? 'relative rounded-lg border border-red-300 bg-red-600 p-4 pe-10 text-white shadow-lg'
              : 'relative rounded-lg border border-slate-200 bg-white p-4 pe-10 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100'
          }
        >
          <p className="text-sm font-semibold">{t.title}</p>
          {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
          <button
            type="button"
            aria-label={i18n._('Close')}
            onClick={() => dismissToast(t.id)}
            className="absolute end-2 top-2 rounded p-1 opacity-70 hover:opacity-100 focus:outline-none focus:ring-2"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
