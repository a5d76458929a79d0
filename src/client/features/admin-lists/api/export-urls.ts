import type { AdminAppointmentsFilter, AdminDoctorsFilter, AdminSubscriptionsFilter, AdminUsersFilter } from '../../../../shared/schemas/admin';
import { listUrl } from '../../admin-shared/api/admin-list-fetch';

// The CSV exports: the list's path with `.csv` and the same filters as the rows on screen (spec part 2, 2.5).

export const adminUsersCsvUrl = (filter: AdminUsersFilter) => listUrl('/api/admin/users.csv', filter);
export const adminDoctorsCsvUrl = (filter: AdminDoctorsFilter) => listUrl('/api/admin/doctors.csv', filter);
export const adminAppointmentsCsvUrl = (filter: AdminAppointmentsFilter) => listUrl('/api/admin/appointments.csv', filter);
export const adminSubscriptionsCsvUrl = (filter: AdminSubscriptionsFilter) => listUrl('/api/admin/subscriptions.csv', filter);
