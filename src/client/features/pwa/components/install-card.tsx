import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { capturedInstallEvent, forgetInstallEvent, onInstallEvent } from '../lib/install-event';
import { isStandalone, rememberInstallDismissed, wasInstallDismissed } from '../lib/install-prompt';

/**
 * spec part 2, 2.8, 4 and 9: running standalone, no card. Otherwise the browser's install event is kept and the
 * card shows 10 s later unless dismissed before (remembered). 'Not now' or close hides and remembers; 'Install
 * App' opens the native prompt and hides; once installed the remembered dismissal is cleared.
 */
export function InstallCard() {
  const { i18n } = useI18n();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (isStandalone()) return;
    let timer: number | undefined;
    // The card shows 10 s after the event was captured (possibly before this component loaded).
    const schedule = () => {
      const captured = capturedInstallEvent();
      window.clearTimeout(timer);
      if (!captured || wasInstallDismissed()) return;
      const wait = Math.max(0, captured.at + TIMINGS.installCardDelayMs - Date.now());
      timer = window.setTimeout(() => setVisible(!wasInstallDismissed() && capturedInstallEvent() !== null), wait);
    };
    const onInstalled = () => {
      rememberInstallDismissed(false);
      forgetInstallEvent();
      setVisible(false);
    };
    schedule();
    const off = onInstallEvent(schedule);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.clearTimeout(timer);
      off();
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    rememberInstallDismissed(true);
    setVisible(false);
  };
  const install = async () => {
    const event = capturedInstallEvent()?.event;
    forgetInstallEvent();
    setVisible(false);
    if (!event) return;
    try {
      await event.prompt();
      const choice = await event.userChoice;
      console.info({ outcome: choice.outcome }, 'install prompt answered');
    } catch (err) {
      // spec part 2, 8: a failed install is only logged.
      console.warn({ error: err instanceof Error ? err.message : String(err) }, 'install prompt failed');
    }
  };

  return (
    <aside
      aria-labelledby="install-card-title"
      className="fixed inset-x-3 bottom-14 z-50 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:bottom-4 sm:end-4 sm:w-80 dark:border-slate-700 dark:bg-slate-900 print:hidden"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h2 id="install-card-title" className="font-semibold">
            {i18n._('Install RepVisit')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('Add to home screen for quick access')}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={dismiss} aria-label={i18n._('Close')} className="-me-2 -mt-2 shrink-0">
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-3 flex gap-2">
        <Button size="sm" className="flex-1" onClick={() => void install()}>
          <Download className="h-4 w-4" aria-hidden />
          {i18n._('Install App')}
        </Button>
        <Button size="sm" variant="secondary" className="flex-1" onClick={dismiss}>
          {i18n._('Not now')}
        </Button>
      </div>
    </aside>
  );
}
