import { useQuery } from '@tanstack/react-query';
import type { AdminDoctorsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/doctors */
export const getAdminDoctors = () => adminFetch<AdminDoctorsResponse>('/api/admin/doctors').then((r) => r.doctors);

export function useAdminDoctors() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.doctors, queryFn: getAdminDoctors });
}
