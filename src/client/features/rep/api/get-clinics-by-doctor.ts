import { useQuery } from '@tanstack/react-query';
import type { ClinicOption, ClinicsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** GET /api/clinics-by-doctor?doctorId=: the clinics where the doctor can be booked. */
export async function getClinicsByDoctor(doctorId: number): Promise<ClinicOption[]> {
  const res = await withOfflineCache(`rep:clinics:${doctorId}`, () => apiFetch<ClinicsResponse>(`/api/clinics-by-doctor?doctorId=${doctorId}`));
  return res.clinics;
}

export function useClinicsByDoctor(doctorId: number | null) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'clinics', doctorId],
    queryFn: () => getClinicsByDoctor(doctorId!),
    enabled: doctorId !== null,
  });
}
