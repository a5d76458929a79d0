import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';

/**
 * A modal dialog (Radix): focus trapped, Escape closes, screen readers hear title and description.
 * `dismissible={false}` keeps it open on outside clicks and Escape (the terms dialog, spec part 1, 2).
 * Opened from state (no Radix Trigger), so it remembers the element that had focus when it opened and gives
 * focus back to it on close (Radix alone would drop focus on <body>).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  dismissible?: boolean;
  className?: string;
}) {
  const { i18n } = useI18n();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Layout effect: runs before Radix moves focus into the dialog (its focus scope uses a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnFocusTo.current = document.activeElement;
    }
  }, [open]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <DialogPrimitive.Content
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onInteractOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            const opener = returnFocusTo.current;
            returnFocusTo.current = null;
            if (opener?.isConnected) {
              e.preventDefault();
              opener.focus();
            }
          }}
          aria-describedby={description ? undefined : undefined}
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:p-6 dark:bg-slate-800',
            className,
          )}
        >
          <DialogPrimitive.Title className="pe-8 text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{typeof title === 'string' ? title : i18n._('Dialog')}</DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          {dismissible && (
            <DialogPrimitive.Close
              aria-label={i18n._('Close')}
              className="absolute end-3 top-3 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-700"
            >
              <X className="h-4 w-4" aria-hidden />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
