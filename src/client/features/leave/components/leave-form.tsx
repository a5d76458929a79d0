import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';
import { createLeaveSchema, LEAVE_LIMITS, type CreateLeave } from '../../../../shared/schemas/leave';
import { useCreateLeave } from '../api/create-leave';
import { leaveQueries } from '../api/keys';
import { useLeavePreview } from '../api/use-leave-preview';
import {
  awayDaysText,
  leaveDraftProblems,
  leavePreviewOf,
  leaveRequestOf,
  refusedField,
  savedText,
  WHOLE_CLINIC,
  type LeaveDraft,
  type LeaveField,
} from '../lib/leave-form';
import { LeaveConfirmDialog } from './leave-confirm-dialog';
import { LeavePreview } from './leave-preview';
import { LeaveReasonField } from './leave-reason-field';
import { messageOf } from '../../../../shared/i18n/message';

const FIELDS: LeaveField[] = ['who', 'from', 'to', 'reason'];

/**
 * Adds a doctor's leave or a whole-clinic closure (docs/decisions/040-planned-absences.md). Before saving it says how
 * many booked visits the dates cancel; saving with any asks first, naming the count.
 */
export function LeaveForm({
  clinicId,
  doctors,
  defaultDoctorId,
  today,
}: {
  clinicId: number;
  doctors: ClinicDoctor[];
  defaultDoctorId?: number;
  today: string;
}) {
  const { i18n } = useI18n();
  const blank: LeaveDraft = { who: defaultDoctorId ? String(defaultDoctorId) : '', from: '', to: '', reason: '' };
  const [draft, setDraft] = useState(blank);
  // The dashboard's doctor may be chosen after this form first shows (its list still loading): follow it until the
  // clinic picks someone here.
  const [followed, setFollowed] = useState(defaultDoctorId);
  if (followed !== defaultDoctorId) {
    setFollowed(defaultDoctorId);
    if (draft.who === (followed ? String(followed) : '')) setDraft((d) => ({ ...d, who: defaultDoctorId ? String(defaultDoctorId) : '' }));
  }
  // The 'To' field follows 'From' until the clinic sets it.
  const [toSet, setToSet] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<LeaveField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: LeaveField; message: string } | null>(null);
  const [confirming, setConfirming] = useState<{ request: CreateLeave; count: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const whoRef = useRef<HTMLSelectElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const create = useCreateLeave(clinicId);

  const problems = leaveDraftProblems(draft, { clinicId, today });
  const previewQuery = leavePreviewOf(draft, { clinicId, today });
  const preview = useLeavePreview(previewQuery);
  const errorOf = (f: LeaveField) => {
    const problem = submitted || touched[f] ? problems[f] : undefined;
    // The shared rule's words are translated here; the server's refusal comes translated.
    return refusal?.field === f ? refusal.message : problem && i18n._(messageOf(problem));
  };

  const touch = (f: LeaveField) => setTouched((t) => ({ ...t, [f]: true }));
  const change = (patch: Partial<LeaveDraft>) => {
    setRefusal(null);
    // A choice is checked as it is made: who and the days at once (a day picked is a day meant); the reason once it
    // was long enough or left, so its first letters are not called too short.
    for (const f of ['who', 'from', 'to'] as const) if (patch[f] !== undefined) touch(f);
    if (patch.reason !== undefined && patch.reason.trim().length >= LEAVE_LIMITS.reasonMin) touch('reason');
    setDraft((d) => {
      const next = { ...d, ...patch };
      // The last day follows the first until the clinic sets it, and never stays before it.
      if (patch.from !== undefined && (!toSet || next.to < next.from)) next.to = next.from;
      return next;
    });
  };
  const refused = (err: unknown) =>
    setRefusal({ field: refusedField(err), message: errorMessage(err, i18n._('Failed to save the absence. Please try again.')) });

  const save = (request: CreateLeave) =>
    create.mutate(request, {
      onSuccess: (answer) => {
        toast({
          title: request.doctorId === null ? i18n._('Clinic closure saved') : i18n._('Leave saved'),
          description: savedText(answer),
          variant: 'success',
        });
        setConfirming(null);
        setDraft(blank);
        setToSet(false);
        setTouched({});
        setSubmitted(false);
      },
      onError: (err) => {
        setConfirming(null);
        refused(err);
      },
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    const first = FIELDS.find((f) => problems[f]);
    if (first || !previewQuery) return { who: whoRef, from: fromRef, to: toRef, reason: reasonRef }[first ?? 'who'].current?.focus();
    const request = createLeaveSchema.parse(leaveRequestOf(draft, clinicId));
    // The count as it is now: a rep may have booked since the preview was fetched.
    setChecking(true);
    try {
      const { cancelledCount } = await qc.fetchQuery({ ...leaveQueries.preview(previewQuery), staleTime: 0 });
      if (cancelledCount > 0) setConfirming({ request, count: cancelledCount });
      else save(request);
    } catch (err) {
      refused(err);
    } finally {
      setChecking(false);
    }
  };

  const whoName = draft.who === WHOLE_CLINIC ? i18n._('Whole clinic') : (doctors.find((d) => String(d.id) === draft.who)?.name ?? '');
  return (
    <>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={i18n._('Add leave or a clinic holiday')} className="grid gap-4">
        <FormField label={i18n._('Who is away')} error={errorOf('who')}>
          <NativeSelect ref={whoRef} value={draft.who} onChange={(e) => change({ who: e.target.value })} onBlur={() => touch('who')}>
            {draft.who === '' && (
              <option value="" disabled>
                {i18n._('Choose a doctor or the whole clinic')}
              </option>
            )}
            {doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
            <option value={WHOLE_CLINIC}>{i18n._('Whole clinic')}</option>
          </NativeSelect>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <FormField label={i18n._('First day away')} error={errorOf('from')}>
            <Input ref={fromRef} type="date" min={today} value={draft.from} onChange={(e) => change({ from: e.target.value })} onBlur={() => touch('from')} />
          </FormField>
          <FormField label={i18n._('Last day away')} error={errorOf('to')}>
            <Input
              ref={toRef}
              type="date"
              min={draft.from || today}
              value={draft.to}
              onChange={(e) => {
                setToSet(true);
                change({ to: e.target.value });
              }}
              onBlur={() => touch('to')}
            />
          </FormField>
          <p aria-live="polite" className="text-sm font-medium text-slate-700 empty:hidden sm:col-span-2 dark:text-slate-200" data-testid="leave-days">
            {awayDaysText(draft, problems)}
          </p>
        </div>
        <LeaveReasonField
          ref={reasonRef}
          value={draft.reason}
          error={errorOf('reason')}
          wholeClinic={draft.who === WHOLE_CLINIC}
          todayOnly={draft.from === today && (draft.to || draft.from) === today}
          onChange={(reason) => change({ reason })}
          onBlur={() => touch('reason')}
        />
        <LeavePreview query={previewQuery} preview={preview} />
        {refusal && !refusal.field && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {refusal.message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={checking || (create.isPending && !confirming)} className="w-full sm:w-auto">
            <CalendarPlus className="h-4 w-4" aria-hidden />
            {i18n._('Save Leave')}
          </Button>
        </div>
      </form>
      <LeaveConfirmDialog
        open={confirming !== null}
        count={confirming?.count ?? 0}
        who={whoName}
        request={confirming?.request}
        pending={create.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && save(confirming.request)}
      />
    </>
  );
}
