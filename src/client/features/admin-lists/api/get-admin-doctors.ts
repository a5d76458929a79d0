import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminDoctorsFilter, AdminDoctorsResponse } from '../../../../shared/schemas/admin';
import { adminListOptions, listUrl } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/doctors?q, a page at a time; doctors.csv with the same filter is the export. */
export function useAdminDoctors(filter: AdminDoctorsFilter) {
  return useInfiniteQuery(adminListOptions<AdminDoctorsResponse>(adminKeys.doctors, '/api/admin/doctors', filter));
}

export const adminDoctorsCsvUrl = (filter: AdminDoctorsFilter) => listUrl('/api/admin/doctors.csv', filter);
