import { clsx } from 'clsx';

/** The RepVisit logo (the favicon's cross on a teal tile), drawn inline so it needs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={clsx('h-9 w-9 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M28 14h8v14h14v8H36v14h-8V36H14v-8h14z" fill="#fff" />
    </svg>
  );
}
