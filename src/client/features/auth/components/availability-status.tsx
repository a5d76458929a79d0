import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { useI18n } from '../../../lib/i18n';
import type { AvailabilityResult } from '../lib/use-availability-check';

/**
 * 'Checking...', 'Valid & available' or 'Already in use' under an e-mail or phone field (spec part 1, 2), or 'Waiting for
 * verification' for a registration that waits for its code (docs/decisions/036).
 */
export function AvailabilityStatus({ result }: { result: AvailabilityResult }) {
  const { i18n } = useI18n();
  switch (result.state) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-300">
          <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> {i18n._('Checking...')}
        </span>
      );
    case 'available':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> {i18n._('Valid & available')}
        </span>
      );
    case 'pending':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
          <Clock className="h-3.5 w-3.5" aria-hidden /> {i18n._('Waiting for verification')}
        </span>
      );
    case 'taken':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-red-600 dark:text-red-400">
          <XCircle className="h-3.5 w-3.5" aria-hidden /> {i18n._('Already in use')}
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-400">
          <AlertTriangle className="h-3.5 w-3.5" aria-hidden /> {result.message && i18n._(result.message)}
        </span>
      );
  }
}
