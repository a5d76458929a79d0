import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { useRestartServer, waitForHealthy } from '../api/restart-server';

/** Restart Server: confirm, then 'Restarting…' until GET /api/health answers again (decision 009). */
export function RestartServerButton() {
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const restart = useRestartServer();

  const onConfirm = () =>
    restart.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setRestarting(true);
        toast({ title: 'Restarting…', description: 'Waiting for the server to answer again.', variant: 'info' });
        void waitForHealthy().then((back) => {
          setRestarting(false);
          if (back) toast({ title: 'Server Restarted', description: 'The server is answering again.', variant: 'success' });
          else
            toast({
              title: ADMIN_MESSAGES.restartFailed,
              description: 'The server did not answer within two minutes. Please check system logs.',
              variant: 'destructive',
            });
        });
      },
      onError: (err) => {
        setConfirming(false);
        toast({ title: ADMIN_MESSAGES.restartFailed, description: errorMessage(err, 'Could not restart the server.'), variant: 'destructive' });
      },
    });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} loading={restarting} aria-live="polite">
        {!restarting && <RotateCw className="h-4 w-4" aria-hidden />}
        {restarting ? 'Restarting…' : 'Restart Server'}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restart Server"
        description="The server finishes the requests in progress, stops and starts again. People using the app may wait a few seconds."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={restart.isPending}>
            Restart
          </Button>
        </div>
      </Dialog>
    </>
  );
}
