import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api';
import { TIMINGS } from '../../../../shared/constants';
import type { ClinicAppointmentsResponse } from '../../../../shared/schemas/clinic';
import { visitsKeys } from './keys';

/** GET /api/doctor-appointments?doctorId=&date=&clinicId= (clinic view): the day's visits and how many reps wait for it. */
export const getDoctorAppointments = (q: { clinicId: number; doctorId: number; date: string }) =>
  apiFetch<ClinicAppointmentsResponse>(`/api/doctor-appointments?doctorId=${q.doctorId}&date=${q.date}&clinicId=${q.clinicId}`);

/** The value, 200 ms after it last changed (spec part 1, 7: the fetch waits after a doctor or date change). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}

export function useDoctorAppointments(clinicId: number, doctorId: number | undefined, date: string) {
  const key = useSettled(`${doctorId ?? ''}|${date}`, TIMINGS.appointmentFetchDelayMs);
  const [settledDoctor, settledDate] = key.split('|');
  const id = settledDoctor ? Number(settledDoctor) : undefined;
  const query = useQuery({
    queryKey: visitsKeys.appointments(clinicId, id ?? 0, settledDate!),
    queryFn: () => getDoctorAppointments({ clinicId, doctorId: id!, date: settledDate! }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
  const pending = key !== `${doctorId ?? ''}|${date}`;
  return { ...query, isSettling: pending || query.isPlaceholderData };
}
