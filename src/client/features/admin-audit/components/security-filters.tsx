import { THREAT_LEVELS } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { eventTypeText } from '../lib/audit-format';
import { LEVEL_LABELS } from '../lib/threat-levels';
import { useI18n } from '../../../lib/i18n';

export interface SecurityFilterValues {
  type: string;
  level: string;
}
export const NO_SECURITY_FILTERS: SecurityFilterValues = { type: '', level: '' };

/** The Security tab's filters: event type (the types seen, `types`) and threat level; the server applies both. */
export function SecurityFilters({ value, onChange, types }: { value: SecurityFilterValues; onChange: (v: SecurityFilterValues) => void; types: string[] }) {
  const { i18n } = useI18n();
  const set = (k: keyof SecurityFilterValues) => (e: React.ChangeEvent<HTMLSelectElement>) => onChange({ ...value, [k]: e.target.value });
  // The chosen type stays offered even when the counts no longer name it.
  const options = value.type && !types.includes(value.type) ? [value.type, ...types] : types;
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-slate-700 dark:bg-slate-800">
      <FormField label={i18n._('Event type')}>
        <NativeSelect value={value.type} onChange={set('type')}>
          <option value="">{i18n._('All types')}</option>
          {options.map((t) => (
            <option key={t} value={t}>
              {eventTypeText(t)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={i18n._('Threat level')}>
        <NativeSelect value={value.level} onChange={set('level')}>
          <option value="">{i18n._('All levels')}</option>
          {THREAT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {i18n._(LEVEL_LABELS[l])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button variant="secondary" onClick={() => onChange(NO_SECURITY_FILTERS)}>
        {i18n._('Clear Filters')}
      </Button>
    </div>
  );
}
