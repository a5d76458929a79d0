import { Loader2 } from 'lucide-react';

/** A spinner with text screen readers hear. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
