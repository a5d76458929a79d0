import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { AlertTriangle, CalendarCheck } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import type { LeavePreviewResponse } from '../../../../shared/schemas/leave';
import type { LeavePreviewQuery } from '../api/keys';
import { previewText } from '../lib/leave-form';

/** What saving the absence would cancel, read out as it changes (docs/decisions/040-planned-absences.md). */
export function LeavePreview({ query, preview }: { query: LeavePreviewQuery | undefined; preview: UseQueryResult<LeavePreviewResponse> }) {
  const { i18n } = useI18n();
  const count = query && !preview.isPlaceholderData ? preview.data?.cancelledCount : undefined;
  const text = !query
    ? i18n._('Choose who is away and the dates to see which booked visits they cancel.')
    : preview.isError
      ? errorMessage(preview.error, i18n._('Could not check the booked visits. Please try again.'))
      : count === undefined
        ? i18n._('Checking booked visits...')
        : previewText(count);
  const warn = count !== undefined && count > 0;
  return (
    <p
      aria-live="polite"
      data-testid="leave-preview"
      className={clsx(
        'flex items-start gap-2 rounded-md px-3 py-2 text-sm',
        warn
          ? 'border border-amber-300 bg-amber-50 font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100'
          : preview.isError && query
            ? 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200'
            : 'bg-slate-50 text-slate-700 dark:bg-slate-900/40 dark:text-slate-200',
      )}
    >
      {warn ? (
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      ) : count === 0 ? (
        <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      ) : null}
      <span>{text}</span>
    </p>
  );
}
