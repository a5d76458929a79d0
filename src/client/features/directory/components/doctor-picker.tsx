import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useI18n } from '../../../lib/i18n';
import { DOCTOR_PAGE_SIZE, directoryQueries } from '../api/keys';
import type { DoctorSelection } from '../hooks/use-doctor-selection';
import { doctorTitle } from './doctor-title';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Step 4 of the cascade, Select Doctor (spec part 2, 2.1). The server answers the doctors a page at a time
 * (docs/decisions/027-directory-partitions.md): a list longer than one page gets a name search above the
 * select and a 'Show more doctors' button below it. Mount it with a key per place and specialty, so a new
 * specialty starts with an empty search.
 */
export function DoctorPicker({ selection: s, onSelect }: { selection: DoctorSelection; onSelect: (doctor: { id: number; name: string } | null) => void }) {
  const { i18n } = useI18n();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  const list = useInfiniteQuery(directoryQueries.doctors(s.state, s.city, s.specialty, q));
  const doctors = list.data?.pages.flatMap((p) => p.doctors) ?? [];
  // Long: the whole list did not fit one page (or a search is under way, which only a long list offers).
  const long = q !== '' || search !== '' || (list.data?.pages[0]?.nextCursor ?? null) !== null;
  const enabled = s.specialty !== '';
  const chosenHidden = s.doctorId !== null && !doctors.some((d) => d.id === s.doctorId);

  let placeholder = i18n._('Select Doctor');
  if (enabled && list.isPending) placeholder = i18n._('Loading doctors...');
  else if (enabled && doctors.length === 0) placeholder = q ? i18n._('No doctors match your search') : i18n._('No doctors available');

  let status: string | undefined;
  if (long && list.isPlaceholderData) status = i18n._('Searching...');
  else if (long && !list.isPending) {
    const count = doctors.length;
    status = !q
      ? i18n._(
          '{count, plural, one {Showing the first doctor by name. Search or show more.} other {Showing the first # doctors by name. Search or show more.}}',
          { count },
        )
      : list.hasNextPage
        ? i18n._('{count, plural, one {#+ doctor matches "{query}".} other {#+ doctors match "{query}".}}', { count, query: q })
        : i18n._('{count, plural, one {# doctor matches "{query}".} other {# doctors match "{query}".}}', { count, query: q });
  }

  // A long list's search sits beside the select from the small breakpoint up (the field then spans two columns
  // of the cascade's grid) and above it on a phone.
  return (
    <div className={long ? 'grid content-start items-start gap-x-4 gap-y-3 sm:col-span-2 sm:grid-cols-2' : 'grid content-start gap-3'}>
      {long && (
        <FormField
          label={i18n._('Search doctors by name')}
          hint={i18n._('{count, plural, one {More than # doctor: type part of a name.} other {More than # doctors: type part of a name.}}', {
            count: DOCTOR_PAGE_SIZE,
          })}
        >
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={i18n._('e.g. Sharma')}
            autoComplete="off"
            maxLength={100}
          />
        </FormField>
      )}
      <div className="grid content-start gap-3">
        <FormField label={i18n._('Select Doctor')} status={status}>
          <NativeSelect
            value={s.doctorId ?? ''}
            onChange={(e) => {
              const id = e.target.value ? Number(e.target.value) : null;
              const doctor = doctors.find((d) => d.id === id);
              onSelect(doctor ? { id: doctor.id, name: doctor.name } : null);
            }}
            disabled={!enabled}
          >
            <option value="">{placeholder}</option>
            {chosenHidden && <option value={s.doctorId!}>{doctorTitle(s.doctorName)}</option>}
            {doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {doctorTitle(d.name)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {list.hasNextPage && (
          <Button variant="secondary" size="sm" className="justify-self-start" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {i18n._('Show more doctors')}
          </Button>
        )}
      </div>
    </div>
  );
}
