import { Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api';
import { i18n, useI18n } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { canUndoOutcome, OUTCOME_UNDO_MS, type ClinicStatusMove } from '../../../../../shared/booking/visit-status';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { useChangeVisitStatus } from '../../api/change-visit-status';
import { useUndoVisitOutcome } from '../../api/undo-visit-outcome';
import { visitMoves } from '../../lib/visit-moves';
import { DeclineVisitDialog } from './decline-visit-dialog';
import { OutcomeConfirmDialog } from './outcome-confirm-dialog';

/** True while the clinic's Completed or No-show can be undone; re-renders when the 10 minutes end (decision 046). */
function useUndoable(visit: ClinicAppointment): boolean {
  const [now, setNow] = useState(() => new Date());
  const undoable = canUndoOutcome(visit, now);
  useEffect(() => {
    if (!undoable || !visit.outcome_at) return;
    const left = new Date(visit.outcome_at).getTime() + OUTCOME_UNDO_MS - Date.now();
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, left) + 500);
    return () => clearTimeout(timer);
  }, [undoable, visit.outcome_at]);
  return undoable;
}

/** Each button's short word, and its name for a screen reader, which says whose visit (WCAG 2.5.3: the word is in it). */
const BUTTONS: Record<ClinicStatusMove, { text: string; name: (rep: string) => string; variant: 'primary' | 'secondary' }> = {
  confirmed: { text: /*i18n*/ 'Confirm', name: (rep) => i18n._("Confirm {rep}'s visit", { rep }), variant: 'primary' },
  cancelled: { text: /*i18n*/ 'Decline', name: (rep) => i18n._("Decline {rep}'s visit", { rep }), variant: 'secondary' },
  completed: { text: /*i18n*/ 'Completed', name: (rep) => i18n._("Mark {rep}'s visit completed", { rep }), variant: 'secondary' },
  no_show: { text: /*i18n*/ 'No-show', name: (rep) => i18n._("Mark {rep}'s visit as no-show", { rep }), variant: 'secondary' },
};

/**
 * The clinic's moves on one visit, only those the shared rule allows today (decision 041): Confirm, Decline (asks a
 * reason), Completed and No-show (each asks first; No-show not for a rep who checked in), and Undo for 10 minutes after
 * Completed or No-show (decision 046). The server's message is the toast either way.
 */
export function VisitActions({ clinicId, visit, today }: { clinicId: number; visit: ClinicAppointment; today: string }) {
  useI18n(); // re-renders the buttons' words when the language changes
  const change = useChangeVisitStatus(clinicId);
  const undo = useUndoVisitOutcome(clinicId);
  const [declining, setDeclining] = useState(false);
  const [asking, setAsking] = useState<'completed' | 'no_show' | null>(null);
  const [sent, setSent] = useState<ClinicStatusMove | null>(null);
  const undoable = useUndoable(visit);
  const moves = visitMoves(visit, today);
  if (moves.length === 0 && !declining && !undoable) return null;

  const move = (status: ClinicStatusMove, reason?: string) => {
    setSent(status);
    change.mutate(
      { appointmentId: visit.id, status, reason },
      {
        onSuccess: ({ message }) => {
          toast({ title: message, variant: 'success' });
          setDeclining(false);
          setAsking(null);
        },
        onError: (err) => toast({ title: i18n._('Visit not changed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
      },
    );
  };

  const takeBack = () =>
    undo.mutate(visit.id, {
      onSuccess: ({ message }) => toast({ title: message, variant: 'success' }),
      onError: (err) => toast({ title: i18n._('Visit not changed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
    });

  // A named group: the table cell around it is then named 'Visit actions', not by every button's rep name, so the
  // rep's name names one cell of the row (the Medical Rep one).
  return (
    <div role="group" aria-label={i18n._('Visit actions')} className="flex flex-wrap gap-2">
      {moves.map((to) => {
        const b = BUTTONS[to];
        return (
          <Button
            key={to}
            size="sm"
            variant={b.variant}
            aria-label={b.name(visit.rep_name)}
            loading={change.isPending && sent === to && to === 'confirmed'}
            disabled={change.isPending}
            onClick={() => (to === 'cancelled' ? setDeclining(true) : to === 'confirmed' ? move(to) : setAsking(to))}
          >
            {i18n._(b.text)}
          </Button>
        );
      })}
      {undoable && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={i18n._("Undo the outcome of {rep}'s visit", { rep: visit.rep_name })}
          loading={undo.isPending}
          onClick={takeBack}
        >
          <Undo2 className="h-4 w-4" aria-hidden />
          {i18n._('Undo')}
        </Button>
      )}
      <OutcomeConfirmDialog
        visit={visit}
        outcome={asking}
        pending={change.isPending && sent === asking}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && move(asking)}
      />
      <DeclineVisitDialog
        visit={visit}
        open={declining}
        onOpenChange={setDeclining}
        onDecline={(reason) => move('cancelled', reason)}
        pending={change.isPending && sent === 'cancelled'}
      />
    </div>
  );
}
