import { useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { Leave } from '../../../../shared/schemas/leave';
import { useEndLeave } from '../api/end-leave';
import { isCurrentLeave, leaveDates, leaveLength, leaveWho } from '../lib/leave-form';
import { leaveQueries } from '../api/keys';

/** The clinic's upcoming and current absences, each with 'End early' (docs/decisions/040-planned-absences.md). */
export function LeaveList({ clinicId, doctors, today, headingId }: { clinicId: number; doctors: ClinicDoctor[]; today: string; headingId: string }) {
  const { i18n } = useI18n();
  const leaves = useQuery(leaveQueries.list(clinicId));
  const end = useEndLeave(clinicId);
  const [ending, setEnding] = useState<Leave | null>(null);
  // After 'End early' the item (and the button that opened the dialog) goes: focus moves to the list's heading.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || ending) return;
    const t = setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      refocus.current = false;
      document.getElementById(headingId)?.focus();
    }, 50);
    return () => clearTimeout(t);
  }, [ending, leaves.data, headingId]);
  const sorted = [...(leaves.data ?? [])].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.id - b.id);

  const confirmEnd = () =>
    ending &&
    end.mutate(ending.id, {
      onSuccess: () => {
        refocus.current = true;
        toast({
          title: i18n._('Absence ended'),
          description: i18n._('{who}, {dates}: its days can be booked again.', { who: leaveWho(ending, doctors), dates: leaveDates(ending) }),
          variant: 'success',
        });
        setEnding(null);
      },
      onError: (err) =>
        toast({ title: i18n._('Failed to end the absence'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
    });

  if (leaves.isPending) return <Spinner label={i18n._('Loading absences...')} />;
  if (leaves.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(leaves.error, i18n._('Failed to load the absences. Please try again.'))}
      </p>
    );
  if (sorted.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
        {i18n._('No leave or clinic holidays planned.')}
      </p>
    );
  return (
    <>
      <ul aria-labelledby={headingId} className="grid gap-3">
        {sorted.map((leave) => {
          const who = leaveWho(leave, doctors);
          const current = isCurrentLeave(leave, today);
          return (
            <li
              key={leave.id}
              data-testid="leave-item"
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-slate-700"
            >
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  {who}
                  {current && <Badge tone="warning">{i18n._('Current')}</Badge>}
                </p>
                <p className="text-slate-700 dark:text-slate-300">
                  <span className="tabular-nums">{leaveDates(leave)}</span>
                  <span className="text-slate-500 dark:text-slate-400"> · {leaveLength(leave)}</span>
                </p>
                <p className="break-words text-slate-600 dark:text-slate-400">{leave.reason}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0 self-start"
                aria-label={i18n._('End early: {who}, {dates}', { who, dates: leaveDates(leave) })}
                onClick={() => setEnding(leave)}
              >
                <CalendarX2 className="h-4 w-4" aria-hidden />
                {i18n._('End early')}
              </Button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        title={i18n._('End this absence early?')}
        description={i18n._('Its days can be booked again; cancelled visits stay cancelled.')}
      >
        {ending && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <span className="font-medium text-slate-900 dark:text-slate-100">{leaveWho(ending, doctors)}</span>, {leaveDates(ending)} ({ending.reason})
          </p>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setEnding(null)}>
            {i18n._('Keep Absence')}
          </Button>
          <Button variant="destructive" onClick={confirmEnd} loading={end.isPending}>
            {i18n._('End Early')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
