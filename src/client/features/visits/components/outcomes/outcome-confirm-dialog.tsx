import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useI18n } from '../../../../lib/i18n';
import { visitDateText } from '../../../../../shared/booking/visit-label';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';

/**
 * Completed and No-show ask first, at every width (docs/decisions/046): one tap on a phone must not record an outcome.
 * The clinic can still undo it for 10 minutes after.
 */
export function OutcomeConfirmDialog({
  visit,
  outcome,
  pending,
  onCancel,
  onConfirm,
}: {
  visit: ClinicAppointment;
  outcome: 'completed' | 'no_show' | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { i18n } = useI18n();
  const values = { rep: visit.rep_name, company: visit.company_name, when: i18n._(visitDateText(visit.appointment_date, visit.start_time)) };
  return (
    <Dialog
      open={outcome !== null}
      onOpenChange={(o) => !o && onCancel()}
      title={outcome === 'no_show' ? i18n._("Mark {rep}'s visit as no-show?", values) : i18n._("Mark {rep}'s visit completed?", values)}
      description={
        outcome === 'no_show'
          ? i18n._('{rep} ({company}), {when}: the rep did not come. You can undo this for 10 minutes.', values)
          : i18n._('{rep} ({company}), {when}: the visit took place. You can undo this for 10 minutes.', values)
      }
    >
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {i18n._('Go Back')}
        </Button>
        <Button onClick={onConfirm} loading={pending}>
          {outcome === 'no_show' ? i18n._('Mark as no-show') : i18n._('Mark completed')}
        </Button>
      </div>
    </Dialog>
  );
}
