import { Check } from 'lucide-react';
import { clsx } from 'clsx';
import { CURRENCY, type PlanType } from '../../../../shared/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

export interface PlanCardPlan {
  planType: PlanType;
  label: string;
  priceInr: number;
  days: number;
}

/** One paid plan: price in INR, period, the yearly saving, and its pay button. */
export function PlanCard({
  plan,
  savingInr,
  onChoose,
  paying,
  disabled,
  extend,
}: {
  plan: PlanCardPlan;
  savingInr?: number;
  onChoose: () => void;
  paying: boolean;
  disabled: boolean;
  /** The rep is already active: paying extends the subscription. */
  extend: boolean;
}) {
  const { i18n } = useI18n();
  const label = i18n._(plan.label);
  const titleId = `plan-${plan.planType}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(
        'flex flex-col gap-3 rounded-lg border p-4',
        savingInr ? 'border-teal-600 ring-1 ring-teal-600 dark:border-teal-400 dark:ring-teal-400' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {i18n._('{plan} plan', { plan: label })}
        </h3>
        {savingInr ? <Badge tone="success">{i18n._('Save {currency} {amount} a year', { currency: CURRENCY, amount: formatNumber(savingInr) })}</Badge> : null}
      </div>
      <p>
        <span className="text-2xl font-bold">
          {CURRENCY} {formatNumber(plan.priceInr)}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-300"> / {plan.planType === 'yearly' ? i18n._('year') : i18n._('month')}</span>
      </p>
      <ul className="grid gap-1 text-sm text-slate-700 dark:text-slate-200">
        <li className="flex items-center gap-2">
          <Check className="h-4 w-4 text-teal-700" aria-hidden />{' '}
          {i18n._('{days, plural, one {# day of bookings} other {# days of bookings}}', { days: plan.days })}
        </li>
        <li className="flex items-center gap-2">
          <Check className="h-4 w-4 text-teal-700" aria-hidden /> {i18n._('Every doctor and clinic')}
        </li>
      </ul>
      <Button onClick={onChoose} loading={paying} disabled={disabled} variant={savingInr ? 'primary' : 'secondary'} className="mt-auto">
        {extend ? i18n._('Extend with {plan}', { plan: label }) : i18n._('Subscribe {plan}', { plan: label })}
      </Button>
    </section>
  );
}
