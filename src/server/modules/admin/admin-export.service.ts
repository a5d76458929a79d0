import type {
  AdminAppointment,
  AdminAppointmentsFilter,
  AdminDoctor,
  AdminDoctorsFilter,
  AdminSubscription,
  AdminSubscriptionsFilter,
  AdminUser,
  AdminUsersFilter,
} from '../../../shared/schemas/admin';
import type { Deps } from '../../deps';
import { csvChunks, keysetBatches, type CsvColumn } from '../../lib/csv';
import { queryAppointmentsPage, queryDoctorLinksPage, queryRepsPage, type AppointmentKey, type DoctorLinkKey } from './admin-lists.repo';
import { readUsers, toAdminAppointment, toAdminSubscriptions, type UserKey } from './admin-lists.service';

// The CSV exports of the four admin lists (docs/decisions/022): the same filters and order as the screens, read
// in keyset batches and handed on as text, so an export of a million rows holds one batch in memory. Each batch
// is its own short query: no transaction stays open while the admin's connection downloads. Dates are ISO
// (yyyy-mm-dd, instants in UTC) so that any spreadsheet reads them the same way.

type ExportDeps = Pick<Deps, 'db' | 'clock'>;

/** Rows per query while exporting; large enough that the queries cost little beside the writing. */
export const EXPORT_BATCH = 500;

const USER_COLUMNS: CsvColumn<AdminUser>[] = [
  { header: 'Type', value: (u) => ({ medrep: 'Medical Rep', clinic: 'Clinic', company: 'Pharma Company' })[u.type] },
  { header: 'Name', value: (u) => u.name },
  { header: 'Email', value: (u) => u.email },
  { header: 'Status', value: (u) => u.status },
  { header: 'Company', value: (u) => u.company },
  { header: 'Phone', value: (u) => u.phone },
  { header: 'Contact Person', value: (u) => u.contact_person },
  { header: 'City', value: (u) => u.city },
  { header: 'State', value: (u) => u.state },
  { header: 'Subscription', value: (u) => u.subscriptionStatus },
  { header: 'Registered', value: (u) => u.created_at },
];

export function exportUsersCsv(deps: ExportDeps, filter: AdminUsersFilter): AsyncIterable<string> {
  return csvChunks(
    USER_COLUMNS,
    keysetBatches<AdminUser, UserKey>({
      size: EXPORT_BATCH,
      read: (after, limit) => readUsers(deps, { filter, after, limit }),
      keyOf: (u) => ({ type: u.type, id: u.id }),
    }),
  );
}

const SUBSCRIPTION_COLUMNS: CsvColumn<AdminSubscription>[] = [
  { header: 'Name', value: (s) => s.full_name },
  { header: 'Email', value: (s) => s.email },
  { header: 'Company', value: (s) => s.company },
  { header: 'Subscription Status', value: (s) => s.subscription_status },
  { header: 'Subscription ID', value: (s) => s.subscription_id },
  { header: 'Expires', value: (s) => s.subscription_expires_at },
  { header: 'Joined', value: (s) => s.created_at },
  { header: 'Refunded (INR)', value: (s) => (s.refund ? (s.refund.amount / 100).toFixed(2) : '') },
  { header: 'Refunded At', value: (s) => s.refund?.refundedAt ?? '' },
  { header: 'Refund ID', value: (s) => s.refund?.refundId ?? '' },
];

export function exportSubscriptionsCsv(deps: ExportDeps, filter: AdminSubscriptionsFilter): AsyncIterable<string> {
  return csvChunks(
    SUBSCRIPTION_COLUMNS,
    keysetBatches({
      size: EXPORT_BATCH,
      read: async (beforeId: number | undefined, limit) => toAdminSubscriptions(deps, await queryRepsPage(deps.db, { q: filter.q, beforeId, limit })),
      keyOf: (s) => s.id,
    }),
  );
}

const DOCTOR_COLUMNS: CsvColumn<AdminDoctor>[] = [
  { header: 'Doctor', value: (d) => d.name },
  { header: 'Specialty', value: (d) => d.specialty },
  { header: 'City', value: (d) => d.city },
  { header: 'State', value: (d) => d.state },
  { header: 'Clinic', value: (d) => d.clinic_name },
  { header: 'Clinic Email', value: (d) => d.clinic_email },
  { header: 'Clinic Phone', value: (d) => d.clinic_phone },
  { header: 'Contact Person', value: (d) => d.contact_person },
];

export function exportDoctorsCsv(deps: ExportDeps, filter: AdminDoctorsFilter): AsyncIterable<string> {
  return csvChunks(
    DOCTOR_COLUMNS,
    keysetBatches<AdminDoctor, DoctorLinkKey>({
      size: EXPORT_BATCH,
      read: (after, limit) => queryDoctorLinksPage(deps.db, { q: filter.q, after, limit }),
      keyOf: (d) => ({ name: d.name, doctorId: d.doctor_id, linkId: d.id }),
    }),
  );
}

const APPOINTMENT_COLUMNS: CsvColumn<AdminAppointment>[] = [
  { header: 'Appointment ID', value: (a) => a.id },
  { header: 'Date', value: (a) => a.appointment_date },
  // The visit time ("HH:MM", empty for a whole-day visit) and its place in the doctor's day (docs/decisions/039).
  { header: 'Time', value: (a) => a.start_time },
  { header: 'Token', value: (a) => a.token },
  { header: 'Status', value: (a) => a.status },
  { header: 'Doctor', value: (a) => a.doctor_name },
  { header: 'Specialty', value: (a) => a.specialty },
  { header: 'Clinic', value: (a) => a.clinic_name },
  { header: 'Rep', value: (a) => a.rep_name },
  { header: 'Company', value: (a) => a.company },
  { header: 'Rep Phone', value: (a) => a.rep_phone },
  { header: 'Booked At', value: (a) => a.booked_at },
];

export function exportAppointmentsCsv(deps: ExportDeps, filter: AdminAppointmentsFilter): AsyncIterable<string> {
  return csvChunks(
    APPOINTMENT_COLUMNS,
    keysetBatches<AdminAppointment, AppointmentKey>({
      size: EXPORT_BATCH,
      read: async (before, limit) => (await queryAppointmentsPage(deps.db, { filter, before, limit })).map(toAdminAppointment),
      keyOf: (a) => ({ date: a.appointment_date, id: a.id }),
    }),
  );
}
