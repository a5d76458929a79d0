import { useQuery } from '@tanstack/react-query';
import type { AdminDoctor } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/doctors */
export const getAdminDoctors = () => adminFetch<{ doctors: AdminDoctor[] }>('/api/admin/doctors').then((r) => r.doctors);

export function useAdminDoctors() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.doctors, queryFn: getAdminDoctors });
}
