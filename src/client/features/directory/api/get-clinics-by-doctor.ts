import { useQuery } from '@tanstack/react-query';
import type { ClinicOption, ClinicsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** The state and city chosen above the clinic step; empty means not chosen. */
export interface ClinicPlace {
  state: string;
  city: string;
}

/**
 * GET /api/clinics-by-doctor?doctorId=[&state=][&city=]: the clinics where the doctor can be booked, in the chosen
 * state and city (spec part 2, 2.1). The place is part of every cache key (the query's and the offline copy's), so
 * one city's answer is never shown for another.
 */
export async function getClinicsByDoctor(doctorId: number, place: ClinicPlace): Promise<ClinicOption[]> {
  const query = new URLSearchParams({ doctorId: String(doctorId) });
  if (place.state) query.set('state', place.state);
  if (place.city) query.set('city', place.city);
  const res = await withOfflineCache(`rep:clinics:${query.toString()}`, () => apiFetch<ClinicsResponse>(`/api/clinics-by-doctor?${query.toString()}`));
  return res.clinics;
}

export function useClinicsByDoctor(doctorId: number | null, place: ClinicPlace) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'clinics', doctorId, place.state, place.city],
    queryFn: () => getClinicsByDoctor(doctorId!, place),
    enabled: doctorId !== null,
  });
}
