import type {
  AdminAppointmentsFilter,
  AdminAppointmentsResponse,
  AdminDoctorsFilter,
  AdminDoctorsResponse,
  AdminSubscriptionsFilter,
  AdminSubscriptionsResponse,
  AdminUsersFilter,
  AdminUsersResponse,
} from '../../../../shared/schemas/admin';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';

// The four lists' queries, as factories (docs/decisions/067), each a page at a time; `usersKey` is every page and
// filter of the users list. The exports with the same filters are export-urls.ts.

const USERS = ['admin', 'users'] as const;

export const adminListsQueries = {
  usersKey: USERS,
  /** GET /api/admin/users?type&q */
  users: (filter: AdminUsersFilter) => adminListOptions<AdminUsersResponse>(USERS, '/api/admin/users', filter),
  /** GET /api/admin/doctors?q */
  doctors: (filter: AdminDoctorsFilter) => adminListOptions<AdminDoctorsResponse>(['admin', 'doctors'], '/api/admin/doctors', filter),
  /** GET /api/admin/appointments?doctor&from&to&status */
  appointments: (filter: AdminAppointmentsFilter) => adminListOptions<AdminAppointmentsResponse>(['admin', 'appointments'], '/api/admin/appointments', filter),
  /** GET /api/admin/subscriptions?q */
  subscriptions: (filter: AdminSubscriptionsFilter) =>
    adminListOptions<AdminSubscriptionsResponse>(['admin', 'subscriptions'], '/api/admin/subscriptions', filter),
};
