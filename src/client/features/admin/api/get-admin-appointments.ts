import { useQuery } from '@tanstack/react-query';
import type { AdminAppointmentsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/appointments */
export const getAdminAppointments = () => adminFetch<AdminAppointmentsResponse>('/api/admin/appointments').then((r) => r.appointments);

export function useAdminAppointments() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.appointments, queryFn: getAdminAppointments });
}
