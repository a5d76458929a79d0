import { useQuery } from '@tanstack/react-query';
import { Clock, Maximize, Radio, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { BoardDoctor } from '../../../../shared/schemas/live-queue';
import { formatDisplayDate } from '../../../../shared/dates';
import { ApiError } from '../../../lib/api';
import { activateLocale, i18n, useI18n } from '../../../lib/i18n';
import { isLocale, LOCALE_PARAM } from '../../../../shared/i18n/locales';
import { formatWeekday } from '../../../lib/intl-format';
import { doctorTitle } from '../../directory/components/doctor-title';
import { liveQueueKeys, liveQueuePaths, liveQueueQueries, QUEUE_FALLBACK_REFETCH_MS } from '../api/keys';
import { useLiveStream } from '../api/use-live-stream';

/** How many waiting tokens a doctor's column lists after 'Next' (the rest are counted). */
const NEXT_SHOWN = 6;

function DoctorColumn({ d }: { d: BoardDoctor }) {
  const next = d.waitingTokens.slice(0, NEXT_SHOWN);
  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-2xl border-2 border-slate-600 bg-slate-900 p-6" aria-label={doctorTitle(d.doctorName)}>
      <h2 className="truncate text-3xl font-bold text-white lg:text-4xl">{doctorTitle(d.doctorName)}</h2>
      <div>
        <p className="text-xl font-semibold tracking-wide text-teal-300 uppercase lg:text-2xl">{i18n._('Now seeing')}</p>
        <p className="text-8xl leading-none font-black text-white tabular-nums lg:text-9xl" data-testid="now-seeing">
          {d.nowSeeing === null ? '—' : `#${d.nowSeeing}`}
        </p>
      </div>
      <div>
        <p className="text-xl font-semibold text-slate-300 lg:text-2xl">{i18n._('Up next')}</p>
        <p className="text-4xl font-bold text-white tabular-nums lg:text-5xl" data-testid="next-tokens">
          {next.length === 0 ? '—' : next.map((t) => `#${t}`).join('  ')}
          {d.waitingTokens.length > NEXT_SHOWN ? ' …' : ''}
        </p>
      </div>
      <p className="text-2xl font-semibold text-slate-100">
        {i18n._('{count, plural, one {# waiting} other {# waiting}}', { count: d.waiting })}
        {' · '}
        {i18n._('{count, plural, one {# arrived} other {# arrived}}', { count: d.arrived })}
      </p>
      {d.lateByMinutes > 0 && (
        <p className="flex items-center gap-2 text-2xl font-bold text-amber-300">
          <Clock className="h-7 w-7 shrink-0" aria-hidden />
          {i18n._('{minutes, plural, one {Running about # minute late} other {Running about # minutes late}}', { minutes: d.lateByMinutes })}
        </p>
      )}
    </section>
  );
}

/**
 * The clinic's queue board for a TV in the waiting room (docs/decisions/074-live-queue.md): each doctor's token in the
 * room and the next ones, counts, lateness; never a rep's name. Large type, light on dark, live from the board's event
 * stream (reconnecting by itself), asked again every 30 s while the stream is down.
 */
export function QueueBoardView({ clinicId }: { clinicId: number }) {
  const stage = useRef<HTMLDivElement>(null);
  const { live } = useLiveStream({ url: liveQueuePaths.board(clinicId), event: 'board', queryKey: liveQueueKeys.board(clinicId), enabled: true });
  const query = useQuery({ ...liveQueueQueries.board(clinicId), refetchInterval: live ? false : QUEUE_FALLBACK_REFETCH_MS });
  const board = query.data;
  // In the clinic's language (its account's), unless a `?lang=` link chose one; not remembered on this device.
  const { locale } = useI18n();
  const clinicLanguage = board?.language;
  useEffect(() => {
    if (isLocale(clinicLanguage) && clinicLanguage !== locale && !new URLSearchParams(location.search).has(LOCALE_PARAM)) {
      void activateLocale(clinicLanguage, { remember: false });
    }
    // Only when the clinic's language arrives or changes: a switcher's choice afterwards stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clinicLanguage]);
  const fullScreen = () => {
    const el = stage.current;
    if (el && document.fullscreenEnabled) el.requestFullscreen().catch(() => {});
  };
  return (
    <div ref={stage} className="min-h-screen bg-slate-950 px-4 py-6 text-white sm:px-8" data-testid="queue-board">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="truncate text-3xl font-bold lg:text-5xl">{board?.clinicName ?? i18n._('Queue board')}</h1>
          {board && (
            <p className="text-xl text-slate-300 lg:text-2xl">
              {formatWeekday(board.date)} · {formatDisplayDate(board.date)}
            </p>
          )}
        </div>
        <div className="flex items-center gap-4">
          <p
            className={live ? 'flex items-center gap-2 text-xl font-semibold text-teal-300' : 'flex items-center gap-2 text-xl font-semibold text-amber-300'}
            aria-live="polite"
          >
            {live ? <Radio className="h-6 w-6" aria-hidden /> : <WifiOff className="h-6 w-6" aria-hidden />}
            {live ? i18n._('Live') : i18n._('Reconnecting…')}
          </p>
          <button
            type="button"
            onClick={fullScreen}
            className="inline-flex h-12 items-center gap-2 rounded-lg border-2 border-slate-500 px-4 text-lg font-semibold text-white hover:bg-slate-800 focus-visible:ring-4 focus-visible:ring-teal-400 focus-visible:outline-none"
          >
            <Maximize className="h-5 w-5" aria-hidden />
            {i18n._('Full screen')}
          </button>
        </div>
      </header>
      {query.isError && !board ? (
        <p className="text-3xl font-semibold text-amber-300" role="alert">
          {query.error instanceof ApiError ? query.error.message : i18n._('The queue could not be loaded. Trying again…')}
        </p>
      ) : !board ? (
        <p className="text-3xl text-slate-300">{i18n._('Loading...')}</p>
      ) : board.doctors.length === 0 ? (
        <p className="text-3xl text-slate-300">{i18n._('Add a doctor in the Doctors tab to see their appointments.')}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-[repeat(auto-fit,minmax(24rem,1fr))]">
          {board.doctors.map((d) => (
            <DoctorColumn key={d.doctorId} d={d} />
          ))}
        </div>
      )}
    </div>
  );
}
