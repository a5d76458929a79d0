import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { LOCALE_DIRECTION } from '../../../shared/i18n/locales';
import { clsx } from 'clsx';
import { useI18n } from '../../lib/i18n';
import { dismissToast, useCurrentToast } from '../../lib/toast';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  destructive: 'border-red-300 bg-red-600 text-white',
} as const;

/** Renders the one current toast; screen readers hear it through Radix's live region. */
export function Toaster() {
  const { i18n, locale } = useI18n();
  const t = useCurrentToast();
  return (
    // Swiped away towards the side it sits on: the end of the line (left in Urdu).
    <ToastPrimitive.Provider swipeDirection={LOCALE_DIRECTION[locale] === 'rtl' ? 'left' : 'right'} label={i18n._('Notification')}>
      {t && (
        <ToastPrimitive.Root
          key={t.id}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pe-10 shadow-lg',
            'data-[state=open]:animate-in',
            variantClass[t.variant],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label={i18n._('Close')}
            className="absolute end-2 top-2 rounded p-1 opacity-70 hover:opacity-100 focus:outline-none focus:ring-2"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        // Radix puts the keyboard shortcut in place of {hotkey}.
        label={i18n._('Notifications ({hotkey})', { hotkey: '{hotkey}' })}
        className="fixed bottom-0 end-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
