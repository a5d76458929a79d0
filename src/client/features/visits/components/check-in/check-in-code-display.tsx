import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { useI18n } from '../../../../lib/i18n';
import { countdownText } from '../../lib/check-in-code';

// The QR drawing (lean-qr) loads after the digits, so the code shows at once.
const CheckInQr = lazy(() => import('./check-in-qr').then((m) => ({ default: m.CheckInQr })));

/**
 * The code in two groups of three ('123 456'), the countdown and the QR code; `large` for the reception tablet.
 * The digits are an <output> named 'Check-in code': a polite live region whose text changes only with the code, so
 * a screen reader hears each new code once, never the countdown's seconds.
 */
export function CheckInCodeDisplay({ code, secondsLeft, qrValue, large = false }: { code: string; secondsLeft: number; qrValue: string; large?: boolean }) {
  const { i18n } = useI18n();
  const qrBox = large ? 'h-[min(42vh,80vw)] w-[min(42vh,80vw)]' : 'h-28 w-28 sm:h-36 sm:w-36';
  return (
    <div className={clsx('flex items-center', large ? 'flex-col gap-6 text-center lg:flex-row lg:gap-16' : 'justify-between gap-4 sm:justify-start sm:gap-12')}>
      <div className="min-w-0">
        <output
          aria-label={i18n._('Check-in code')}
          className={clsx(
            'block font-bold whitespace-nowrap tabular-nums tracking-wider text-slate-900 dark:text-white',
            large ? 'text-[clamp(3.5rem,16vw,11rem)] leading-none' : 'text-4xl sm:text-6xl',
          )}
        >
          {`${code.slice(0, 3)} ${code.slice(3)}`}
        </output>
        <p className={clsx('mt-2 tabular-nums text-slate-600 dark:text-slate-300', large ? 'text-xl sm:text-3xl' : 'text-sm')}>{countdownText(secondsLeft)}</p>
      </div>
      <Suspense fallback={<div className={clsx('shrink-0 rounded-md bg-slate-100 dark:bg-slate-700', qrBox)} />}>
        <CheckInQr value={qrValue} className={qrBox} />
      </Suspense>
    </div>
  );
}
