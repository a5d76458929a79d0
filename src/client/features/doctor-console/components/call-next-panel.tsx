import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { visitLabel } from '../../../../shared/booking/visit-label';
import type { DoctorVisit } from '../../../../shared/schemas/doctor-console';
import { useCallNext } from '../api/call-next';

const labelOf = (v: DoctorVisit) => visitLabel({ token: v.token, start_time: v.startTime }) ?? '';

/** "#2 · 15:45 Asif Rather": the label kept left to right inside a right-to-left line. */
function Who({ visit }: { visit: DoctorVisit }) {
  return (
    <>
      <span dir="ltr">{labelOf(visit)}</span> {visit.repName}
    </>
  );
}

/**
 * Call next at one clinic: the visit in the room is completed and the first rep who has arrived is called in (they get
 * a push). Says who is in the room now and who is next.
 */
export function CallNextPanel({ clinicId, visits, closed }: { clinicId: number; visits: DoctorVisit[]; closed: boolean }) {
  const { i18n } = useI18n();
  const callNext = useCallNext();
  const waiting = visits.filter((v) => v.status === 'booked' || v.status === 'confirmed');
  const inRoom = waiting.find((v) => v.calledAt);
  const next = waiting.find((v) => v.checkedInAt && !v.calledAt);

  const press = async () => {
    try {
      const answer = await callNext.mutateAsync(clinicId);
      toast({
        title: answer.current ? i18n._('Called in') : i18n._('Nobody has arrived yet.'),
        description: answer.current ? `${labelOf(answer.current)} ${answer.current.repName}` : undefined,
        variant: answer.current ? 'success' : 'default',
      });
    } catch (err) {
      toast({ title: i18n._('Call next'), description: errorMessage(err, i18n._('Something went wrong. Please try again.')), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">{i18n._('In the room')}</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100" data-testid="in-room">
            {inRoom ? <Who visit={inRoom} /> : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">{i18n._('Next')}</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">{next ? <Who visit={next} /> : '—'}</dd>
        </div>
      </dl>
      <Button size="lg" onClick={() => void press()} loading={callNext.isPending} disabled={closed || (!inRoom && !next)}>
        <BellRing className="h-5 w-5" aria-hidden />
        {i18n._('Call next')}
      </Button>
    </div>
  );
}
