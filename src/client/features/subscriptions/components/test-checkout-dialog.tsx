import { FlaskConical } from 'lucide-react';
import { CURRENCY, PLANS } from '../../../../shared/constants';
import type { CreateOrderAnswer } from '../../../../shared/schemas/subscription';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';

/**
 * The clearly labelled test checkout shown when the server has no Razorpay keys
 * (docs/decisions/006-test-checkout.md). 'Pay (test)' completes the same server flow; no money moves.
 */
export function TestCheckoutDialog({
  order,
  paying,
  onPay,
  onCancel,
}: {
  order: CreateOrderAnswer | null;
  paying: boolean;
  onPay: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useI18n();
  const plan = order ? PLANS[order.planType] : null;
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && !paying && onCancel()}
      title={i18n._('Test checkout')}
      description={i18n._('Payments are in test mode: no real payment is taken and no card is needed.')}
    >
      {order && plan && (
        <div className="grid gap-4">
          <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <FlaskConical className="h-4 w-4 shrink-0" aria-hidden /> {i18n._('TEST MODE')}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">{i18n._('Plan')}</dt>
            <dd className="font-medium">{i18n._(plan.label)}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{i18n._('Amount')}</dt>
            <dd className="font-medium">
              {CURRENCY} {(order.amount / 100).toFixed(2)}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">{i18n._('Order')}</dt>
            <dd className="break-all font-mono text-xs leading-5">{order.orderId}</dd>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={paying}>
              {i18n._('Cancel')}
            </Button>
            <Button onClick={onPay} loading={paying}>
              {i18n._('Pay (test)')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
