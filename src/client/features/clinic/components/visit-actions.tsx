import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { i18n, useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ClinicStatusMove } from '../../../../shared/booking/visit-status';
import type { ClinicAppointment } from '../../../../shared/schemas/clinic';
import { useChangeVisitStatus } from '../api/change-visit-status';
import { visitMoves } from '../lib/visit-moves';
import { DeclineVisitDialog } from './decline-visit-dialog';

/** Each button's short word, and its name for a screen reader, which says whose visit (WCAG 2.5.3: the word is in it). */
const BUTTONS: Record<ClinicStatusMove, { text: string; name: (rep: string) => string; variant: 'primary' | 'secondary' }> = {
  confirmed: { text: /*i18n*/ 'Confirm', name: (rep) => i18n._("Confirm {rep}'s visit", { rep }), variant: 'primary' },
  cancelled: { text: /*i18n*/ 'Decline', name: (rep) => i18n._("Decline {rep}'s visit", { rep }), variant: 'secondary' },
  completed: { text: /*i18n*/ 'Completed', name: (rep) => i18n._("Mark {rep}'s visit completed", { rep }), variant: 'secondary' },
  no_show: { text: /*i18n*/ 'No-show', name: (rep) => i18n._("Mark {rep}'s visit as no-show", { rep }), variant: 'secondary' },
};

/**
 * The clinic's moves on one visit, only those the shared rule allows today (decision 041): Confirm, Decline (asks a
 * reason), Completed, No-show. The server's message is the toast either way.
 */
export function VisitActions({ clinicId, visit, today }: { clinicId: number; visit: ClinicAppointment; today: string }) {
  useI18n(); // re-renders the buttons' words when the language changes
  const change = useChangeVisitStatus(clinicId);
  const [declining, setDeclining] = useState(false);
  const [sent, setSent] = useState<ClinicStatusMove | null>(null);
  const moves = visitMoves(visit, today);
  if (moves.length === 0 && !declining) return null;

  const move = (status: ClinicStatusMove, reason?: string) => {
    setSent(status);
    change.mutate(
      { appointmentId: visit.id, status, reason },
      {
        onSuccess: ({ message }) => {
          toast({ title: message, variant: 'success' });
          setDeclining(false);
        },
        onError: (err) => toast({ title: i18n._('Visit not changed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
      },
    );
  };

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
            loading={change.isPending && sent === to && to !== 'cancelled'}
            disabled={change.isPending}
            onClick={() => (to === 'cancelled' ? setDeclining(true) : move(to))}
          >
            {i18n._(b.text)}
          </Button>
        );
      })}
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
