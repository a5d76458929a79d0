import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BellRing, Clock, Users } from 'lucide-react';
import type { VisitQueue } from '../../../../shared/schemas/live-queue';
import { i18n, useI18n } from '../../../lib/i18n';
import { repAppointmentsKeyPrefix } from '../../booking/api/keys';
import { liveQueueKeys, liveQueuePaths, liveQueueQueries, QUEUE_FALLBACK_REFETCH_MS } from '../api/keys';
import { useLiveStream } from '../api/use-live-stream';

/** What the line says of the visit; null when there is nothing to say (seen, gone). */
function lineText(q: VisitQueue, doctor: string): { main: string; late: string | null; called: boolean } | null {
  const late =
    q.lateByMinutes > 0
      ? i18n._('{minutes, plural, one {Running about # minute late} other {Running about # minutes late}}', { minutes: q.lateByMinutes })
      : null;
  if (q.status === 'called') return { main: i18n._('{doctor} will see you now', { doctor }), late: null, called: true };
  if ((q.status !== 'waiting' && q.status !== 'arrived') || q.position === null) return null;
  const place = i18n._('You are #{position} in line', { position: q.position });
  // The issue's own words: 'You are #3 in line · about 25 min'.
  const eta =
    q.etaMinutes === null || q.etaMinutes <= 0
      ? i18n._('any moment now')
      : i18n._('{minutes, plural, one {about # min} other {about # min}}', { minutes: q.etaMinutes });
  return { main: `${place} · ${eta}`, late, called: false };
}

/**
 * On the visit's day, the rep's place in line and about when the doctor sees them (docs/decisions/074-live-queue.md):
 * kept up to date by the visit's event stream, or, while it is down, by asking again every 30 s. An aria-live region,
 * so a screen reader hears each change.
 */
export function VisitQueueLine({ appointmentId, doctor }: { appointmentId: number; doctor: string }) {
  useI18n(); // worded again in a newly chosen language
  const { live } = useLiveStream({ url: liveQueuePaths.visit(appointmentId), event: 'queue', queryKey: liveQueueKeys.visit(appointmentId), enabled: true });
  const query = useQuery({ ...liveQueueQueries.visit(appointmentId), refetchInterval: live ? false : QUEUE_FALLBACK_REFETCH_MS });
  const text = query.data ? lineText(query.data, doctor) : null;
  // A check-in, a call or an outcome made elsewhere (reception, the doctor): the card around reloads its visit too.
  const qc = useQueryClient();
  const status = query.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current !== undefined && status !== seen.current) void qc.invalidateQueries({ queryKey: repAppointmentsKeyPrefix });
    seen.current = status;
  }, [qc, status]);
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="queue-line">
      {text && (
        <div
          className={
            text.called
              ? 'grid gap-1 rounded-md border border-teal-600 bg-teal-50 px-3 py-2 text-teal-950 dark:border-teal-400 dark:bg-teal-950 dark:text-teal-50'
              : 'grid gap-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'
          }
        >
          <p className="flex items-center gap-2 font-semibold">
            {text.called ? <BellRing className="h-4 w-4 shrink-0" aria-hidden /> : <Users className="h-4 w-4 shrink-0" aria-hidden />}
            <span>{text.main}</span>
          </p>
          {text.late && (
            <p className="flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
              <Clock className="h-4 w-4 shrink-0" aria-hidden />
              <span>{text.late}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
