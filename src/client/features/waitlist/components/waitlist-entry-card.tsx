import { BellRing, Building2, CalendarDays, Clock, Stethoscope, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import { visitDateText } from '../../../../shared/booking/visit-label';
import { formatDisplayDate } from '../../../../shared/dates';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { listWord, useI18n } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/intl-format';
import { useNow } from '../hooks/use-now';
import { heldUntilText, lineText, NEEDS_NETWORK, OFFER_EXPIRED, OFFER_TICK_MS, OFFER_TITLE, timeLeftText } from '../lib/waitlist-text';
import { DeclineOfferDialog } from './decline-offer-dialog';
import { doctorTitle } from '../../directory/components/doctor-title';

/** What the rep can do with an entry; each call is made (and its answer shown) by the section. */
export interface WaitlistEntryActions {
  onLeave: (e: WaitlistEntry) => void;
  onAccept: (e: WaitlistEntry) => void;
  onDecline: (e: WaitlistEntry) => void;
  /** The entry whose call is under way, and which call. */
  busy: { id: number; action: 'leave' | 'accept' | 'decline' } | null;
  online: boolean;
}

/**
 * One place in a full day's line (docs/decisions/043): waiting, its position; offered, the free slot (its time with
 * visiting hours), how long it is held for the rep, counted down in minutes, and Accept or Decline (which asks first).
 * Once the hold has run out it reads expired: the server has passed the slot on, and once it has closed the offer the
 * rep may remove it from the list (docs/decisions/050: a lapsed offer does not vanish unseen).
 */
export function WaitlistEntryCard({ entry: e, actions }: { entry: WaitlistEntry; actions: WaitlistEntryActions }) {
  const { i18n } = useI18n();
  const offered = e.status === 'offered';
  // Closed by the server as run out; an offer whose countdown ends on screen reads expired too, before the next list.
  const lapsed = e.status === 'expired';
  const now = useNow(OFFER_TICK_MS, offered);
  const msLeft = offered && e.offerExpiresAt ? Date.parse(e.offerExpiresAt) - now : null;
  const expired = lapsed || (msLeft !== null && msLeft <= 0);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const doctor = doctorTitle(e.doctorName);
  const date = e.date.slice(0, 10);
  const slot = { doctor, clinic: e.clinicName, when: i18n._(visitDateText(date, e.heldStartTime)) };
  const hintId = useId();
  const busy = actions.busy?.id === e.id ? actions.busy.action : null;
  // Offline the buttons wait, saying why; while one call runs, the others on the card wait for it.
  const needsNetwork = { disabled: !actions.online || busy !== null, 'aria-describedby': actions.online ? undefined : hintId };

  return (
    <Card className="grid gap-3 p-4 sm:p-5" data-testid="waitlist-entry">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="flex items-center gap-1.5 font-semibold">
            <Stethoscope className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden />
            {doctor}
          </h4>
          <Badge tone={expired ? 'danger' : !offered ? 'neutral' : 'success'}>
            {expired ? i18n._('Offer expired') : !offered ? i18n._('Waitlist') : i18n._('Slot offered')}
          </Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{listWord(e.doctorSpecialty)}</p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {e.clinicName}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <CalendarDays className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="font-medium">{formatWeekday(date)}</span>
          <span>{formatDisplayDate(date)}</span>
          {offered && e.heldStartTime && (
            <span className="ms-1 inline-flex items-center gap-1 font-medium">
              <Clock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="sr-only">{i18n._('at')}</span>
              <span data-testid="held-time">{e.heldStartTime}</span>
            </span>
          )}
        </p>
      </div>

      {!offered && !lapsed ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{e.position !== null ? lineText(e.position) : i18n._('Waiting')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => actions.onLeave(e)}
            loading={busy === 'leave'}
            {...needsNetwork}
            aria-label={i18n._('Leave the waitlist for {doctor} on {date}', { doctor, date: formatDisplayDate(date) })}
          >
            {i18n._('Leave')}
          </Button>
        </div>
      ) : expired ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p role="status">{i18n._(OFFER_EXPIRED)}</p>
          {lapsed && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => actions.onLeave(e)}
              loading={busy === 'leave'}
              {...needsNetwork}
              aria-label={i18n._('Remove the expired offer for {doctor} on {date}', { doctor, date: formatDisplayDate(date) })}
            >
              {i18n._('Remove')}
            </Button>
          )}
        </div>
      ) : (
        <div className="grid gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50">
          <div className="grid gap-1 text-sm">
            <p className="flex items-center gap-2 font-semibold">
              <BellRing className="h-4 w-4 shrink-0" aria-hidden />
              {e.heldStartTime ? i18n._('{offer} at {time}', { offer: i18n._(OFFER_TITLE), time: e.heldStartTime }) : i18n._(OFFER_TITLE)}
            </p>
            {e.offerExpiresAt && msLeft !== null && (
              <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                <Timer className="h-4 w-4 shrink-0" aria-hidden />
                <span>{heldUntilText(e.offerExpiresAt)}</span>
                {/* A timer is not read out at each change; the rep reads it when they come to it. */}
                <span role="timer" className="font-semibold" data-testid="offer-time-left">
                  ({timeLeftText(msLeft)})
                </span>
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => actions.onAccept(e)}
              loading={busy === 'accept'}
              {...needsNetwork}
              aria-label={i18n._('Accept the slot with {doctor} at {clinic} on {when}', slot)}
            >
              {i18n._('Accept')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirmDecline(true)}
              loading={busy === 'decline'}
              {...needsNetwork}
              aria-label={i18n._('Decline the slot with {doctor} at {clinic} on {when}', slot)}
            >
              {i18n._('Decline')}
            </Button>
          </div>
        </div>
      )}
      <DeclineOfferDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        slot={slot}
        onConfirm={() => {
          setConfirmDecline(false);
          actions.onDecline(e);
        }}
      />
      {!actions.online && (!expired || lapsed) && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {i18n._(NEEDS_NETWORK)}
        </p>
      )}
    </Card>
  );
}
