import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, BROADCAST_MAX, broadcastSchema } from '../../../../shared/schemas/admin';
import { useSendNotification } from '../api/send-notification';
import { useI18n } from '../../../lib/i18n';

/** spec part 2, 2.5 (a) and 5: the broadcast box: at most 500 characters, counter, live preview, Clear. */
export function BroadcastBox() {
  const { i18n } = useI18n();
  const send = useSendNotification();
  const id = useId();
  const form = useForm<{ message: string }>({ resolver: zodResolver(broadcastSchema), defaultValues: { message: '' }, shouldFocusError: false });
  const message = useWatch({ control: form.control, name: 'message' });
  const trimmed = message.trim();
  const clear = () => form.reset({ message: '' });

  // The broadcast's messages are toasts (spec part 2, 5).
  const submit = form.handleSubmit(
    (values) =>
      send.mutate(values.message, {
        onSuccess: (r) => {
          toast({ title: i18n._('Notification Sent'), description: r.message, variant: 'success' });
          clear();
        },
        onError: (err) =>
          toast({
            title: i18n._(ADMIN_MESSAGES.broadcastFailed),
            description: errorMessage(err, i18n._(ADMIN_MESSAGES.broadcastFailed)),
            variant: 'destructive',
          }),
      }),
    (errors) =>
      toast({
        title: i18n._(ADMIN_MESSAGES.broadcastFailed),
        description: i18n._(errors.message?.message ?? ADMIN_MESSAGES.broadcastEmpty),
        variant: 'destructive',
      }),
  );

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Megaphone className="h-5 w-5 text-teal-700 dark:text-teal-400" aria-hidden />
        {i18n._('Broadcast Message')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {i18n._('Shown to every medical representative above their dashboard tabs. A new message replaces the current one.')}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Message')}
        </label>
        <textarea
          id={id}
          {...form.register('message', { setValueAs: (v: string) => v.slice(0, BROADCAST_MAX) })}
          maxLength={BROADCAST_MAX}
          rows={4}
          aria-describedby={`${id}-count`}
          className="w-full rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          placeholder={i18n._('Write an announcement for all medical representatives...')}
        />
        <p id={`${id}-count`} className="text-end text-xs text-slate-500 dark:text-slate-400">
          {i18n._('{count}/{max} characters', { count: message.length, max: BROADCAST_MAX })}
        </p>
        {trimmed && (
          <div
            aria-label={i18n._('Preview')}
            role="region"
            className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
          >
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide">{i18n._('Preview')}</p>
            <p className="whitespace-pre-line break-words">{trimmed}</p>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={clear} disabled={!message}>
            {i18n._('Clear')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!trimmed}>
            {i18n._('Send Notification')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
