import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';
import { cloneElement, forwardRef, isValidElement, useCallback, type ButtonHTMLAttributes } from 'react';
import { replayEarlyTap } from './early-tap';

const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/50',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  link: 'text-teal-700 underline-offset-4 hover:underline dark:text-teal-300',
} as const;
const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base', icon: 'h-9 w-9' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Shows a spinner and disables the button while work runs. */
  loading?: boolean;
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, asChild = false, className, children, disabled, type, ...props },
  ref,
) {
  const classes = clsx(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
  // A tap on the pre-rendered button before the app took it over is made now (docs/decisions/082-early-taps.md).
  const buttonRef = useCallback(
    (el: HTMLButtonElement | null) => {
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
      replayEarlyTap(el);
    },
    [ref],
  );
  // asChild: the button's look on its one child (a router Link), which keeps its own element and props. A clone
  // rather than Radix's Slot: this file is in every page's first script (decision 012's budget).
  if (asChild && isValidElement<{ className?: string }>(children)) {
    return cloneElement(children, { ...props, ...(loading ? { 'aria-busy': true } : {}), ref, className: clsx(classes, children.props.className) } as object);
  }
  return (
    <button ref={buttonRef} type={type ?? 'button'} disabled={disabled || loading} aria-busy={loading || undefined} className={classes} {...props}>
      {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
      {children}
    </button>
  );
});
