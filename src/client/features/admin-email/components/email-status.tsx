import { CheckCircle2, CircleSlash, Clock, RotateCw, Send, XCircle, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import { Badge } from '../../../components/ui/badge';
import type { EMAIL_STATES, EmailLog } from '../../../../shared/schemas/admin';
import { displayDateTime, displayTime } from '../../admin-shared/lib/admin-format';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

type EmailState = (typeof EMAIL_STATES)[number];
type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

// spec part 2, 2.6: the Status column is an icon and a badge, green for sent and red for failed; the outbox's other
// states (docs/decisions/028-outbox.md) have their own colour, so a mail still on its way never looks failed.
const LOOKS: Record<EmailState, { Icon: LucideIcon; tone: Tone; icon: string }> = {
  sent: { Icon: CheckCircle2, tone: 'success', icon: 'text-emerald-600 dark:text-emerald-400' },
  failed: { Icon: XCircle, tone: 'danger', icon: 'text-red-600 dark:text-red-400' },
  retrying: { Icon: RotateCw, tone: 'warning', icon: 'text-amber-600 dark:text-amber-400' },
  queued: { Icon: Clock, tone: 'neutral', icon: 'text-slate-500 dark:text-slate-400' },
  sending: { Icon: Send, tone: 'info', icon: 'text-sky-600 dark:text-sky-400' },
  replaced: { Icon: CircleSlash, tone: 'neutral', icon: 'text-slate-400 dark:text-slate-500' },
};

const isKnown = (s: string): s is EmailState => s in LOOKS;

// The outbox's state words as the badge shows them, marked for translation (decision 045).
const LABELS: Record<EmailState, string> = {
  sent: /*i18n*/ 'sent',
  failed: /*i18n*/ 'failed',
  retrying: /*i18n*/ 'retrying',
  queued: /*i18n*/ 'queued',
  sending: /*i18n*/ 'sending',
  replaced: /*i18n*/ 'replaced',
};

/** One e-mail's delivery state, with what the admin needs to read it: the attempt and next try of a retry, why one was replaced. */
export function EmailStatus({ log }: { log: Pick<EmailLog, 'status' | 'attempts' | 'next_attempt_at'> }) {
  const { i18n } = useI18n();
  const look = isKnown(log.status) ? LOOKS[log.status] : LOOKS.queued;
  const { Icon } = look;
  return (
    <span className="grid justify-items-start gap-0.5">
      <span className={clsx('inline-flex items-center gap-1.5', log.status === 'replaced' && 'opacity-75')}>
        <Icon className={clsx('h-4 w-4 shrink-0', look.icon)} aria-hidden />
        <Badge tone={look.tone}>{isKnown(log.status) ? i18n._(LABELS[log.status]) : log.status}</Badge>
      </span>
      {log.status === 'retrying' && (
        <span className="text-xs text-amber-800 dark:text-amber-300">
          {i18n._('attempt {count}', { count: formatNumber(log.attempts) })}
          {log.next_attempt_at && (
            <>
              {', '}
              <span className="whitespace-nowrap">
                {i18n._('next try')}{' '}
                <time dateTime={log.next_attempt_at} title={displayDateTime(log.next_attempt_at)}>
                  {displayTime(log.next_attempt_at)}
                </time>
              </span>
            </>
          )}
        </span>
      )}
      {log.status === 'failed' && log.attempts > 1 && (
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {i18n._('{count, plural, one {after {n} attempt} other {after {n} attempts}}', { count: log.attempts, n: formatNumber(log.attempts) })}
        </span>
      )}
      {log.status === 'replaced' && <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._('a newer code was sent instead')}</span>}
    </span>
  );
}
