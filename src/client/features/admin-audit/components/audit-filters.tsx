import { ADMIN_ACTIONS, ADMIN_ACTION_LABELS } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { useI18n } from '../../../lib/i18n';

export interface AuditFilterValues {
  adminId: string;
  action: string;
}
export const NO_AUDIT_FILTERS: AuditFilterValues = { adminId: '', action: '' };

/** The Audit tab's filters: who acted (from `admins`, id and name) and what they did; the server applies both. */
export function AuditFilters({
  value,
  onChange,
  admins,
}: {
  value: AuditFilterValues;
  onChange: (v: AuditFilterValues) => void;
  admins: Array<{ id: number; name: string }>;
}) {
  const { i18n } = useI18n();
  const set = (k: keyof AuditFilterValues) => (e: React.ChangeEvent<HTMLSelectElement>) => onChange({ ...value, [k]: e.target.value });
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-slate-700 dark:bg-slate-800">
      <FormField label={i18n._('Admin')}>
        <NativeSelect value={value.adminId} onChange={set('adminId')}>
          <option value="">{i18n._('All admins')}</option>
          {admins.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={i18n._('Action')}>
        <NativeSelect value={value.action} onChange={set('action')}>
          <option value="">{i18n._('All actions')}</option>
          {ADMIN_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {i18n._(ADMIN_ACTION_LABELS[a])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button variant="secondary" onClick={() => onChange(NO_AUDIT_FILTERS)}>
        {i18n._('Clear Filters')}
      </Button>
    </div>
  );
}
