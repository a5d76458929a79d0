import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { listWord, useI18n } from '../../../lib/i18n';
import { directoryQueries } from '../api/keys';
import type { useDoctorSelection } from '../hooks/use-doctor-selection';
import { DoctorPicker } from './doctor-picker';

/** The placeholder option of a cascade level: loading, empty or 'Select ...'. */
function placeholder(opts: { loading: boolean; empty: boolean; enabled: boolean; select: string; loadingText: string; emptyText: string }) {
  if (!opts.enabled) return opts.select;
  if (opts.loading) return opts.loadingText;
  if (opts.empty) return opts.emptyText;
  return opts.select;
}

/** State → City → Specialty → Doctor → Clinic (spec part 2, 2.1). */
export function FindDoctorForm({ cascade }: { cascade: ReturnType<typeof useDoctorSelection> }) {
  const { i18n } = useI18n();
  const { selection: s } = cascade;
  const states = useQuery(directoryQueries.bookableStates());
  const cities = useQuery(directoryQueries.cities(s.state));
  const specialties = useQuery(directoryQueries.specialties(s.state, s.city));
  const clinics = useQuery(directoryQueries.clinics(s.doctorId, { state: s.state, city: s.city }));

  const cityList = cities.data ?? [];
  const specialtyList = specialties.data ?? [];
  const clinicList = clinics.data ?? [];

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Search className="h-5 w-5 text-teal-700 dark:text-teal-300" aria-hidden />
        {i18n._('Find a Doctor')}
      </h2>
      <div className="mt-4 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label={i18n._('State')}>
          <NativeSelect value={s.state} onChange={(e) => cascade.setState(e.target.value)} disabled={states.isPending}>
            <option value="">{states.isPending ? i18n._('Loading states...') : i18n._('Select State')}</option>
            {(states.data ?? []).map((st) => (
              <option key={st} value={st}>
                {listWord(st)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={i18n._('City')}>
          <NativeSelect value={s.city} onChange={(e) => cascade.setCity(e.target.value)} disabled={!s.state}>
            <option value="">
              {placeholder({
                enabled: !!s.state,
                loading: cities.isPending,
                empty: cityList.length === 0,
                select: i18n._('Select City'),
                loadingText: i18n._('Loading cities...'),
                emptyText: i18n._('No cities found'),
              })}
            </option>
            {cityList.map((c) => (
              <option key={c} value={c}>
                {listWord(c)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={i18n._('Specialty')}>
          <NativeSelect value={s.specialty} onChange={(e) => cascade.setSpecialty(e.target.value)} disabled={!s.city}>
            <option value="">
              {placeholder({
                enabled: !!s.city,
                loading: specialties.isPending,
                empty: specialtyList.length === 0,
                select: i18n._('Select Specialty'),
                loadingText: i18n._('Loading specialties...'),
                emptyText: i18n._('No specialties found'),
              })}
            </option>
            {specialtyList.map((sp) => (
              <option key={sp} value={sp}>
                {listWord(sp)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <DoctorPicker key={`${s.state}\u0001${s.city}\u0001${s.specialty}`} selection={s} onSelect={cascade.setDoctor} />
        <FormField label={i18n._('Select Clinic')}>
          <NativeSelect
            value={s.clinicId ?? ''}
            onChange={(e) => cascade.setClinicId(e.target.value ? Number(e.target.value) : null)}
            disabled={s.doctorId === null}
          >
            <option value="">
              {placeholder({
                enabled: s.doctorId !== null,
                loading: clinics.isPending,
                empty: clinicList.length === 0,
                select: i18n._('Select Clinic'),
                loadingText: i18n._('Loading clinics...'),
                emptyText: i18n._('No clinics available'),
              })}
            </option>
            {clinicList.map((c) => (
              <option key={c.id} value={c.id}>
                {c.clinic_name}
                {c.city ? ` (${listWord(c.city)})` : ''}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </Card>
  );
}
