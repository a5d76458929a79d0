import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, BROADCAST_MAX } from '../../../../shared/schemas/admin';
import { useSendNotification } from '../api/send-notification';

/** spec part 2, 2.5 (a) and 5: the broadcast box: at most 500 characters, counter, live preview, Clear. */
export function BroadcastBox() {
  const [message, setMessage] = useState('');
  const send = useSendNotification();
  const id = useId();
  const trimmed = message.trim();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!trimmed) return toast({ title: ADMIN_MESSAGES.broadcastFailed, description: ADMIN_MESSAGES.broadcastEmpty, variant: 'destructive' });
    send.mutate(trimmed, {
      onSuccess: (r) => {
        toast({ title: 'Notification Sent', description: r.message, variant: 'success' });
        setMessage('');
      },
      onError: (err) => toast({ title: ADMIN_MESSAGES.broadcastFailed, description: errorMessage(err, ADMIN_MESSAGES.broadcastFailed), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Megaphone className="h-5 w-5 text-teal-700 dark:text-teal-400" aria-hidden />
        Broadcast Message
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Shown to every medical representative above their dashboard tabs. A new message replaces the current one.</p>
      <form onSubmit={submit} className="mt-4 grid gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Message
        </label>
        <textarea
          id={id}
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, BROADCAST_MAX))}
          maxLength={BROADCAST_MAX}
          rows={4}
          aria-describedby={`${id}-count`}
          className="w-full rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          placeholder="Write an announcement for all medical representatives..."
        />
        <p id={`${id}-count`} className="text-right text-xs text-slate-500 dark:text-slate-400">
          {message.length}/{BROADCAST_MAX} characters
        </p>
        {trimmed && (
          <div aria-label="Preview" role="region" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide">Preview</p>
            <p className="whitespace-pre-line break-words">{trimmed}</p>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setMessage('')} disabled={!message}>
            Clear
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!trimmed}>
            Send Notification
          </Button>
        </div>
      </form>
    </Card>
  );
}
