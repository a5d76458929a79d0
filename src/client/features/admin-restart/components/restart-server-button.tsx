import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { useRestartServer, waitForHealthy } from '../api/restart-server';
import { useI18n } from '../../../lib/i18n';

/** Restart Server: confirm, then 'Restarting…' until GET /api/health answers again (decision 009). */
export function RestartServerButton() {
  const { i18n } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const restart = useRestartServer();

  const onConfirm = () =>
    restart.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setRestarting(true);
        toast({ title: i18n._('Restarting…'), description: i18n._('Waiting for the server to answer again.'), variant: 'info' });
        void waitForHealthy().then((back) => {
          setRestarting(false);
          if (back) toast({ title: i18n._('Server Restarted'), description: i18n._('The server is answering again.'), variant: 'success' });
          else
            toast({
              title: i18n._(ADMIN_MESSAGES.restartFailed),
              description: i18n._('The server did not answer within two minutes. Please check system logs.'),
              variant: 'destructive',
            });
        });
      },
      onError: (err) => {
        setConfirming(false);
        toast({ title: i18n._(ADMIN_MESSAGES.restartFailed), description: errorMessage(err, i18n._('Could not restart the server.')), variant: 'destructive' });
      },
    });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} loading={restarting} aria-live="polite">
        {!restarting && <RotateCw className="h-4 w-4" aria-hidden />}
        {restarting ? i18n._('Restarting…') : i18n._('Restart Server')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={i18n._('Restart Server')}
        description={i18n._('The server finishes the requests in progress, stops and starts again. People using the app may wait a few seconds.')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {i18n._('Cancel')}
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={restart.isPending}>
            {i18n._('Restart')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
