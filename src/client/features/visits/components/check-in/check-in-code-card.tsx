import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Maximize2, Minimize2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { visitsQueries } from '../../api/keys';
import { checkInLink, useSecondsLeft } from '../../lib/check-in-code';
import { CheckInCodeDisplay } from './check-in-code-display';

const HINT = /*i18n*/ 'Reps type this code, or scan the QR code with their phone, at reception to check in.';
const NO_DOCTOR = /*i18n*/ 'Add a doctor in the Doctors tab first. The check-in code for reception appears once the clinic has a doctor.';

/**
 * Today's check-in code for reception (decision 041): 6 digits, a new one every 2 minutes, with the QR code of the
 * check-in link. 'Show full screen' fills a reception tablet's screen (Fullscreen API), or opens a large dialog
 * where the browser has no full screen for a page element (iPhone Safari). A clinic without a doctor has no visit to
 * check in to: it sees how to get a code instead (`hasDoctor` false, or the server's refusal when the list is unknown).
 */
export function CheckInCodeCard({ clinicId, hasDoctor }: { clinicId: number; hasDoctor: boolean | undefined }) {
  const { i18n } = useI18n();
  const query = useQuery({ ...visitsQueries.checkInCode(clinicId), enabled: hasDoctor !== false });
  const secondsLeft = useSecondsLeft(query.data?.deadline);
  const stage = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const [dialog, setDialog] = useState(false);

  useEffect(() => {
    const onChange = () => setFull(stage.current !== null && document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const showFull = () => {
    const el = stage.current;
    if (el && document.fullscreenEnabled && typeof el.requestFullscreen === 'function') el.requestFullscreen().catch(() => setDialog(true));
    else setDialog(true);
  };

  const noDoctor = hasDoctor === false || (query.error instanceof ApiError && query.error.code === 'check_in_no_doctor');
  // A code asked for before the last doctor was removed is not shown any more.
  const data = noDoctor ? undefined : query.data;
  const display = (large: boolean) =>
    data && <CheckInCodeDisplay code={data.code} secondsLeft={secondsLeft} qrValue={checkInLink(window.location.origin, clinicId, data.code)} large={large} />;

  return (
    <Card className="p-4 sm:p-5">
      <div
        ref={stage}
        className={clsx(full && 'flex h-full flex-col items-center justify-center gap-8 overflow-auto bg-white p-6 text-center dark:bg-slate-900')}
      >
        <div className={clsx('flex gap-x-4 gap-y-2', full ? 'flex-col items-center' : 'flex-wrap items-start justify-between')}>
          <div className="min-w-0">
            <h2 className={clsx('font-semibold text-slate-900 dark:text-white', full ? 'text-3xl sm:text-5xl' : 'text-lg')}>{i18n._('Check-in code')}</h2>
            <p className={clsx('text-slate-600 dark:text-slate-400', full ? 'mt-2 text-lg sm:text-2xl' : 'text-sm')}>{i18n._(noDoctor ? NO_DOCTOR : HINT)}</p>
          </div>
          {data && !full && (
            <Button variant="secondary" size="sm" onClick={showFull}>
              <Maximize2 className="h-4 w-4" aria-hidden />
              {i18n._('Show full screen')}
            </Button>
          )}
        </div>
        {!noDoctor && (
          <div className={clsx(!full && 'mt-3')}>
            {data ? (
              display(full)
            ) : query.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {errorMessage(query.error, i18n._('Failed to load the check-in code.'))}{' '}
                <Button variant="link" size="sm" className="px-0" onClick={() => void query.refetch()}>
                  {i18n._('Try again')}
                </Button>
              </p>
            ) : (
              <Spinner label={i18n._('Loading the check-in code...')} />
            )}
          </div>
        )}
        {data && query.isError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {i18n._('Could not get a new code; trying again. Check the internet connection.')}
          </p>
        )}
        {full && (
          <Button variant="secondary" size="lg" onClick={() => void document.exitFullscreen()}>
            <Minimize2 className="h-5 w-5" aria-hidden />
            {i18n._('Exit full screen')}
          </Button>
        )}
      </div>
      <Dialog open={dialog} onOpenChange={setDialog} title={i18n._('Check in at reception')} description={i18n._(HINT)} className="max-w-4xl!">
        <div className="py-4">{display(true)}</div>
      </Dialog>
    </Card>
  );
}
