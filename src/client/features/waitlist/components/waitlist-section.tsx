import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { visitDateText } from '../../../../shared/booking/visit-label';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { errorMessage } from '../../../lib/api';
import { i18n, useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useOnlineStatus } from '../../pwa/hooks/use-online-status';
import { useAcceptWaitlistOffer } from '../api/accept-waitlist-offer';
import { useDeclineWaitlistOffer } from '../api/decline-waitlist-offer';
import { waitlistQueries } from '../api/keys';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { doctorTitle } from '../../directory/components/doctor-title';
import { WaitlistEntryCard, type WaitlistEntryActions } from './waitlist-entry-card';

/** The nearest day first; an offer before a place in line on the same day. */
const byDate = (a: WaitlistEntry, b: WaitlistEntry) => a.date.localeCompare(b.date) || Number(b.status === 'offered') - Number(a.status === 'offered');

/** A refused call's toast; `fallback` (a marked text) when the answer carries no message. */
const failed = (fallback: string) => (err: unknown) =>
  toast({ title: i18n._('Waitlist'), description: errorMessage(err, i18n._(fallback)), variant: 'destructive' });

/**
 * My Appointments' waitlist (docs/decisions/043): the rep's places in the lines of full days and the slots offered to
 * them. Nothing at all while the rep waits for no day. The list is asked again when the page regains focus
 * (waitlistQueries.entries in features/waitlist/api/keys.ts), so an offer e-mailed meanwhile is here when the rep comes back.
 */
export function WaitlistSection() {
  useI18n(); // re-rendered in a newly chosen language
  const waitlist = useQuery(waitlistQueries.entries());
  const leave = useLeaveWaitlist();
  const accept = useAcceptWaitlistOffer();
  const decline = useDeclineWaitlistOffer();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState<WaitlistEntryActions['busy']>(null);
  const entries = [...(waitlist.data ?? [])].sort(byDate);
  if (entries.length === 0) return null;

  const done = () => setBusy(null);
  const actions: WaitlistEntryActions = {
    busy,
    online,
    onLeave: (e) => {
      setBusy({ id: e.id, action: 'leave' });
      leave.mutate(e.id, {
        onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
        onError: failed(/*i18n*/ 'Failed to leave the waitlist. Please try again.'),
        onSettled: done,
      });
    },
    onAccept: (e) => {
      setBusy({ id: e.id, action: 'accept' });
      accept.mutate(e.id, {
        onSuccess: (res) => {
          const a = res.appointment;
          const visit = { doctor: doctorTitle(e.doctorName), clinic: e.clinicName, when: i18n._(visitDateText(a.appointment_date, a.start_time)) };
          const description =
            a.token !== null
              ? i18n._('Your visit with {doctor} at {clinic} on {when} is booked (Token #{token}).', {
                  doctor: visit.doctor,
                  clinic: visit.clinic,
                  when: visit.when,
                  token: a.token,
                })
              : i18n._('Your visit with {doctor} at {clinic} on {when} is booked.', visit);
          // The rep's other places for this doctor were given up with it (docs/decisions/050).
          const released =
            res.released > 0
              ? i18n._(
                  '{count, plural, one {Your other place on the waitlist for {doctor} was given up.} other {Your # other places on the waitlist for {doctor} were given up.}}',
                  {
                    count: res.released,
                    doctor: visit.doctor,
                  },
                )
              : null;
          toast({ title: res.message, description: released ? `${description} ${released}` : description, variant: 'success' });
        },
        onError: failed(/*i18n*/ 'Failed to accept the offer. Please try again.'),
        onSettled: done,
      });
    },
    onDecline: (e) => {
      setBusy({ id: e.id, action: 'decline' });
      decline.mutate(e.id, {
        onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
        onError: failed(/*i18n*/ 'Failed to decline the offer. Please try again.'),
        onSettled: done,
      });
    },
  };

  return (
    <section aria-labelledby="waitlist-title" className="grid gap-3" aria-busy={waitlist.isFetching || undefined}>
      <h3 id="waitlist-title" className="text-base font-semibold">
        {i18n._('Waitlist')}
      </h3>
      <ul className="grid gap-3">
        {entries.map((e) => (
          <li key={e.id}>
            <WaitlistEntryCard entry={e} actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
