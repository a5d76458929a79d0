import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { VISIT_STATUSES, visitStatusText } from '../../../../shared/booking/visit-status';
import { useI18n } from '../../../lib/i18n';

export interface AppointmentFilterValues {
  doctor: string;
  from: string;
  to: string;
  status: string;
}
export const NO_FILTERS: AppointmentFilterValues = { doctor: '', from: '', to: '', status: '' };
/** Every status a visit can have, No-show too, in the words of the badges (docs/decisions/041). */
const STATUSES = VISIT_STATUSES.map((s) => [s, visitStatusText(s)] as const);

/** spec part 2, 2.5: doctor name, from date, to date, status and Clear Filters; the server applies them (docs/decisions/022). */
export function AppointmentFilters({ value, onChange }: { value: AppointmentFilterValues; onChange: (v: AppointmentFilterValues) => void }) {
  const { i18n } = useI18n();
  const set = (k: keyof AppointmentFilterValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...value, [k]: e.target.value });
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto_auto] lg:items-end dark:border-slate-700 dark:bg-slate-800">
      <FormField label={i18n._('Doctor name')}>
        <Input type="search" value={value.doctor} onChange={set('doctor')} placeholder={i18n._('Search by doctor')} />
      </FormField>
      <FormField label={i18n._('From date')}>
        <Input type="date" value={value.from} onChange={set('from')} />
      </FormField>
      <FormField label={i18n._('To date')}>
        <Input type="date" value={value.to} onChange={set('to')} />
      </FormField>
      <FormField label={i18n._('Status')}>
        <NativeSelect value={value.status} onChange={set('status')}>
          <option value="">{i18n._('All statuses')}</option>
          {STATUSES.map(([v, l]) => (
            <option key={v} value={v}>
              {i18n._(l)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
        {i18n._('Clear Filters')}
      </Button>
    </div>
  );
}
