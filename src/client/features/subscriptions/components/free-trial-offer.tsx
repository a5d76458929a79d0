import { Gift, PartyPopper } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

/**
 * The free trial (decision 006), headed as the spec's free-access offer while the promotion runs
 * (spec part 2, 9: until the configured date); after that it is the plain free trial.
 */
export function FreeTrialOffer({
  days,
  promoUntil,
  onStart,
  starting,
}: {
  days: number;
  /** Set only while the free-access promotion runs. */
  promoUntil: string | null;
  onStart: () => void;
  starting: boolean;
}) {
  const { i18n } = useI18n();
  const Icon = promoUntil ? PartyPopper : Gift;
  return (
    <section
      aria-labelledby="free-trial-title"
      className="flex flex-col gap-3 rounded-lg border border-teal-200 bg-teal-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-teal-800 dark:bg-teal-950/40"
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-teal-700 dark:text-teal-300" aria-hidden />
        <div>
          <h3 id="free-trial-title" className="font-semibold text-teal-900 dark:text-teal-100">
            {promoUntil ? i18n._('Free access offer') : i18n._('{days}-day free trial', { days })}
          </h3>
          <p className="text-sm text-teal-900/80 dark:text-teal-100/80">
            {promoUntil
              ? i18n._(
                  '{days, plural, one {Book appointments free for # day. Offer valid until {date}.} other {Book appointments free for # days. Offer valid until {date}.}}',
                  {
                    days,
                    date: formatDisplayDate(promoUntil),
                  },
                )
              : i18n._(
                  '{days, plural, one {Try every feature free for # day. No payment needed.} other {Try every feature free for # days. No payment needed.}}',
                  { days },
                )}
          </p>
        </div>
      </div>
      <Button onClick={onStart} loading={starting} className="shrink-0">
        {i18n._('Start Free Trial')}
      </Button>
    </section>
  );
}
