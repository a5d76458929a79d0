import { CalendarClock, Undo2 } from 'lucide-react';
import { formatDisplayDate, todayInIndia } from '../../../../shared/dates';
import type { SubscriptionStatusAnswer } from '../../../../shared/schemas/subscription';
import { refundSummary } from '../../../../shared/subscription/refund-text';
import { SUBSCRIPTION_REQUIRED_MESSAGE, subscriptionStatusLabel } from '../../../../shared/subscription/subscription-status';
import { Badge } from '../../../components/ui/badge';
import { useI18n } from '../../../lib/i18n';

const TONES = { Active: 'success', 'Free Trial': 'success', Pending: 'warning', Expired: 'danger', Refunded: 'warning', Inactive: 'neutral' } as const;

const displayDate = (instant: string) => formatDisplayDate(todayInIndia(new Date(instant)));

/** Current status (spec part 2, 2.1: created/pending read Pending, active/authenticated read Active) and expiry. */
export function SubscriptionStatusSummary({ status }: { status: SubscriptionStatusAnswer }) {
  const { i18n } = useI18n();
  const label = subscriptionStatusLabel(status.subscriptionStatus);
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900/40">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-300">{i18n._('Current status:')}</span>
        <Badge tone={TONES[label as keyof typeof TONES] ?? 'neutral'} data-testid="subscription-status">
          {i18n._(label)}
        </Badge>
      </div>
      {status.expiresAt && (
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <CalendarClock className="h-4 w-4 text-slate-400" aria-hidden />
          {status.isActive ? i18n._('Valid until') : status.subscriptionStatus === 'refunded' ? i18n._('Ended on') : i18n._('Expired on')}{' '}
          <strong className="font-semibold">{displayDate(status.expiresAt)}</strong>
        </p>
      )}
      {!status.isActive && !status.expiresAt && <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._(SUBSCRIPTION_REQUIRED_MESSAGE)}</p>}
      {status.refund && (
        <p className="flex items-start gap-1.5 text-sm text-slate-700 dark:text-slate-200" data-testid="subscription-refund">
          <Undo2 className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span>
            {i18n._(refundSummary(status.refund))}
            {status.refund.refundId && (
              <span className="block text-xs break-all text-slate-500 dark:text-slate-400">{i18n._('Refund id: {id}', { id: status.refund.refundId })}</span>
            )}
          </span>
        </p>
      )}
    </div>
  );
}
