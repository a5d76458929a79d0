import { clsx } from 'clsx';
import { forwardRef, type SelectHTMLAttributes } from 'react';

/** A styled native select: accessible and phone-friendly (the OS picker opens on touch devices). */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect(
  { className, children, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={clsx(
        'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900',
        'focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
        'aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
});
