import { NativeSelect } from '../../../components/ui/native-select';
import { listWord, useI18n } from '../../../lib/i18n';
import type { ClinicDoctor } from '../../../../shared/schemas/clinic';

/** Chooses the doctor whose appointments and settings the dashboard shows; names their specialty and place. */
export function DoctorSwitcher({
  doctors,
  selectedId,
  onSelect,
  label,
  id,
}: {
  doctors: ClinicDoctor[];
  selectedId: number | undefined;
  onSelect: (doctorId: number) => void;
  label?: string;
  id: string;
}) {
  const { i18n } = useI18n();
  const selected = doctors.find((d) => d.id === selectedId);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label ?? i18n._('Doctor')}
      </label>
      <NativeSelect
        id={id}
        value={selectedId ?? ''}
        onChange={(e) => onSelect(Number(e.target.value))}
        disabled={doctors.length === 0}
        aria-describedby={`${id}-details`}
      >
        {doctors.length === 0 && <option value="">{i18n._('No doctors yet')}</option>}
        {doctors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-details`} className="text-xs text-slate-600 dark:text-slate-400">
        {selected ? `${listWord(selected.specialty)} · ${listWord(selected.city)}, ${listWord(selected.state)}` : i18n._('Add a doctor in the Doctors tab.')}
      </p>
    </div>
  );
}
