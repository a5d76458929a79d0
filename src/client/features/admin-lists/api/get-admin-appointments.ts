import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAppointmentsFilter, AdminAppointmentsResponse } from '../../../../shared/schemas/admin';
import { adminListOptions, listUrl } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/appointments?doctor&from&to&status, a page at a time; appointments.csv with the same filters is the export. */
export function useAdminAppointments(filter: AdminAppointmentsFilter) {
  return useInfiniteQuery(adminListOptions<AdminAppointmentsResponse>(adminKeys.appointments, '/api/admin/appointments', filter));
}

export const adminAppointmentsCsvUrl = (filter: AdminAppointmentsFilter) => listUrl('/api/admin/appointments.csv', filter);
