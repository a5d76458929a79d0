import { useQuery } from '@tanstack/react-query';
import { BellRing, ListOrdered } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useOnlineStatus } from '../../pwa/hooks/use-online-status';
import { waitlistQueries } from '../api/keys';
import { openEntryFor } from '../lib/open-entry';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { NEEDS_NETWORK, OFFER_TITLE, placeText } from '../lib/waitlist-text';

/**
 * Under a full day's message: a place in the day's line (docs/decisions/043). When a slot frees up it is offered to
 * the first rep waiting, first come first served, and held for them for a while. The rep who already waits sees
 * their place and can leave; one whose offer runs is sent to My Appointments to accept it.
 */
export function WaitlistDayAction({ doctorId, clinicId, date }: { doctorId: number; clinicId: number; date: string }) {
  const { i18n } = useI18n();
  const waitlist = useQuery(waitlistQueries.entries());
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const online = useOnlineStatus();
  const hintId = useId();
  const entry = openEntryFor(waitlist.data, { doctorId, clinicId, date });

  const onJoin = () =>
    join.mutate(
      { doctorId, clinicId, date },
      {
        onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
        onError: (err) =>
          toast({
            title: i18n._('Waitlist'),
            description: errorMessage(err, i18n._('Failed to join the waitlist. Please try again.')),
            variant: 'destructive',
          }),
      },
    );
  const onLeave = (id: number) =>
    leave.mutate(id, {
      onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
      onError: (err) =>
        toast({ title: i18n._('Waitlist'), description: errorMessage(err, i18n._('Failed to leave the waitlist. Please try again.')), variant: 'destructive' }),
    });

  return (
    <div className="mt-3 grid gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="waitlist-day">
      {/* Live: the place shows (and is heard) once joining has answered. */}
      <div aria-live="polite" aria-atomic="true">
        {entry?.status === 'offered' ? (
          <p className="flex gap-2 font-medium text-emerald-800 dark:text-emerald-200">
            <BellRing className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{i18n._('{offer}: accept it under My Appointments.', { offer: i18n._(OFFER_TITLE) })}</span>
          </p>
        ) : entry?.position != null ? (
          <p className="flex gap-2 font-semibold text-slate-900 dark:text-slate-100">
            <ListOrdered className="mt-0.5 h-4 w-4 shrink-0 text-teal-700 dark:text-teal-300" aria-hidden />
            <span>{placeText(entry.position)}</span>
          </p>
        ) : null}
      </div>
      {entry?.status === 'waiting' ? (
        <>
          <p className="text-slate-600 dark:text-slate-300">{i18n._('If a slot frees up, it is offered to the reps in line in turn. We will e-mail you.')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onLeave(entry.id)}
            loading={leave.isPending}
            disabled={!online}
            aria-describedby={online ? undefined : hintId}
          >
            {i18n._('Leave waitlist')}
          </Button>
        </>
      ) : entry ? null : (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            {i18n._('Join the waitlist: if a slot frees up, it is offered to the reps in line in turn, first come first served.')}
          </p>
          <Button size="sm" onClick={onJoin} loading={join.isPending} disabled={!online || waitlist.isPending} aria-describedby={online ? undefined : hintId}>
            {i18n._('Join waitlist')}
          </Button>
        </>
      )}
      {!online && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {i18n._(NEEDS_NETWORK)}
        </p>
      )}
    </div>
  );
}
