import { useQuery } from '@tanstack/react-query';
import type { RepAppointment, RepAppointmentsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { repAppointmentsKeyPrefix } from './keys';

/** GET /api/rep-appointments?repId=: today and later, not cancelled (spec part 2, 5). */
export async function getRepAppointments(repId: number): Promise<RepAppointment[]> {
  const res = await withOfflineCache(`rep:appointments:${repId}`, () => apiFetch<RepAppointmentsResponse>(`/api/rep-appointments?repId=${repId}`));
  return res.appointments;
}

export function useRepAppointments(repId: number) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: [...repAppointmentsKeyPrefix, repId],
    queryFn: () => getRepAppointments(repId),
    // spec part 2, 2.1: My Appointments reloads each time the tab opens (its content mounts then).
    refetchOnMount: 'always',
  });
}
