import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readCachedSettings, writeCachedSettings } from '../lib/settings-cache';
import { callSettingsQueries } from './keys';

/**
 * The doctor's settings; the device's copy shows while the server answers, and each answer of the server is kept as
 * that copy (spec part 1, 3 and 9). The copy is read and written here, not in the query's fetcher, so keys.ts stays a
 * leaf (docs/decisions/067).
 */
export function useDoctorSettings(clinicId: number, doctorId: number | undefined) {
  const query = useQuery({
    ...callSettingsQueries.settings(clinicId, doctorId),
    placeholderData: () => (doctorId === undefined ? undefined : (readCachedSettings(clinicId, doctorId) ?? undefined)),
  });
  const fresh = query.isPlaceholderData ? null : query.data;
  useEffect(() => {
    if (fresh) writeCachedSettings(fresh);
  }, [fresh]);
  return query;
}
