import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { addDays, formatDisplayDate, todayInIndia } from '../../../../../shared/dates';
import type { ClinicDoctor } from '../../../../../shared/schemas/clinic';
import { clinicVisitsQuerySchema } from '../../../../../shared/schemas/visits';
import { clinicVisitsSearch, visitsQueries, type ClinicVisitsQuery } from '../../api/keys';
import { VisitHistoryList } from './visit-history-list';

/** The range's problems by field, by the shared rule (decision 041: at most a year, from not after to). */
function rangeProblems(q: ClinicVisitsQuery): { from?: string; to?: string } {
  const parsed = clinicVisitsQuerySchema.safeParse(q);
  if (parsed.success) return {};
  const at = (field: 'from' | 'to') => parsed.error.issues.find((i) => i.path[0] === field)?.message;
  return { from: at('from'), to: at('to') };
}

/**
 * Visit History: what became of each visit with a doctor (or every doctor) in a date range, the last 30 days at
 * first, with a CSV of the same list (docs/decisions/041-visit-outcomes-and-proof.md).
 */
export function VisitHistory({ clinicId, doctors, defaultDoctorId }: { clinicId: number; doctors: ClinicDoctor[]; defaultDoctorId: number | undefined }) {
  const { i18n } = useI18n();
  const id = useId();
  const today = todayInIndia(new Date());
  const [doctorId, setDoctorId] = useState<number | undefined>(defaultDoctorId);
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const query: ClinicVisitsQuery = { clinicId, doctorId, from, to };
  const problems = rangeProblems(query);
  const valid = !problems.from && !problems.to;
  const visits = useQuery(visitsQueries.clinicVisits(valid ? query : null));
  // The header's doctor switcher chooses here too when it changes; the dates stay.
  const [headerDoctorId, setHeaderDoctorId] = useState(defaultDoctorId);
  if (headerDoctorId !== defaultDoctorId) {
    setHeaderDoctorId(defaultDoctorId);
    setDoctorId(defaultDoctorId);
  }

  const rows = visits.data?.visits ?? [];
  const range = { from: formatDisplayDate(from), to: formatDisplayDate(to) };

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Visit History')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._('Every visit in the dates chosen, and what became of it.')}</p>
        </div>
        {valid && (
          <Button asChild variant="secondary">
            <a href={`/api/clinic/visits.csv?${clinicVisitsSearch(query)}`} download>
              <Download className="h-4 w-4" aria-hidden />
              {i18n._('Download CSV')}
            </a>
          </Button>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-doctor`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._('Doctor')}
          </label>
          <NativeSelect id={`${id}-doctor`} value={doctorId ?? ''} onChange={(e) => setDoctorId(e.target.value ? Number(e.target.value) : undefined)}>
            <option value="">{i18n._('All doctors')}</option>
            {doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField label={i18n._('From')} error={problems.from && i18n._(problems.from)}>
          <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label={i18n._('To')} error={problems.to && i18n._(problems.to)}>
          <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>

      <div className="mt-5">
        {!valid ? null : visits.isPending ? (
          <Spinner label={i18n._('Loading visits...')} />
        ) : visits.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(visits.error, i18n._('Failed to load the visits. Please try again.'))}
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
            {i18n._('No visits between {from} and {to}.', range)}
          </p>
        ) : (
          <div className={visits.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {i18n._('{count, plural, one {# visit} other {# visits}} between {from} and {to}, newest first.', {
                count: rows.length,
                from: range.from,
                to: range.to,
              })}
            </p>
            <VisitHistoryList visits={rows} today={today} showDoctor={doctorId === undefined} />
          </div>
        )}
      </div>
    </Card>
  );
}
