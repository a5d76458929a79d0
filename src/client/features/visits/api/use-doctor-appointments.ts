import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { visitsQueries } from './keys';

/** The value, 200 ms after it last changed (spec part 1, 7: the fetch waits after a doctor or date change). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}

/** The doctor's day at the clinic, asked once the doctor and date have settled; `isSettling` while they have not. */
export function useDoctorAppointments(clinicId: number, doctorId: number | undefined, date: string) {
  const key = useSettled(`${doctorId ?? ''}|${date}`, TIMINGS.appointmentFetchDelayMs);
  const [settledDoctor, settledDate] = key.split('|');
  const query = useQuery(visitsQueries.doctorAppointments(clinicId, settledDoctor ? Number(settledDoctor) : undefined, settledDate!));
  const pending = key !== `${doctorId ?? ''}|${date}`;
  return { ...query, isSettling: pending || query.isPlaceholderData };
}
