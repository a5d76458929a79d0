import { isIsoDate } from '../../../shared/dates';
import type {
  AdminAppointment,
  AdminAppointmentsFilter,
  AdminAppointmentsResponse,
  AdminDoctor,
  AdminDoctorsFilter,
  AdminDoctorsResponse,
  AdminSubscription,
  AdminSubscriptionsFilter,
  AdminSubscriptionsResponse,
  AdminUser,
  AdminUsersFilter,
  AdminUsersResponse,
  AdminUserType,
} from '../../../shared/schemas/admin';
import type { ListTotal, PageQuery } from '../../../shared/schemas/pagination';
import type { SubscriptionRefund } from '../../../shared/schemas/subscription';
import { effectiveSubscriptionStatus } from '../../../shared/subscription/subscription-status';
import { listLatestRefunds } from '../subscriptions/subscription-refunds.service';
import { cursorId, decodeCursor, pageOf } from '../../db/keyset';
import { countListTotal } from '../../db/list-total';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import {
  filteredAppointments,
  filteredClinics,
  filteredCompanies,
  filteredDoctorLinks,
  filteredReps,
  queryAppointmentsPage,
  queryClinicsPage,
  queryCompaniesPage,
  queryDoctorLinksPage,
  queryRepsPage,
  type AppointmentRow,
  type ClinicRow,
  type CompanyRow,
  type RepRow,
} from './admin-lists.repo';

// The admin dashboard's four lists a page at a time (spec part 2, 2.5; docs/decisions/022). No password, hash,
// code or token ever leaves here: the repo selects only the columns shown.

type ListDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * The totals go with the first page only; later pages cost only their rows. `total` is the rows matching the filters,
 * `overall` every row of the list, filters aside: the tabs say "Showing {total} of {overall}" (spec part 2, 2.5;
 * docs/decisions/052). Without a filter the two are one count.
 */
async function totalsOnFirstPage(
  cursor: string | undefined,
  o: { filtered: boolean; count: (filtered: boolean) => Promise<ListTotal> },
): Promise<{ total?: ListTotal; overall?: ListTotal }> {
  if (cursor) return {};
  const [total, overall] = await Promise.all([o.count(o.filtered), o.filtered ? o.count(false) : undefined]);
  return { total, overall: overall ?? total };
}

/** Whether a filter form has any field filled (an empty field is already no filter). */
const anyOf = (filter: object) => Object.values(filter).some((v) => v !== undefined);

// --- row shapes (spec part 2, 3: admin shapes) -----------------------------------------------------------

export const toAdminRep =
  (now: Date) =>
  (r: RepRow): AdminUser => ({
    id: r.id,
    type: 'medrep',
    name: r.fullName,
    email: r.email,
    status: r.status,
    company: r.company,
    phone: r.phone,
    state: r.state,
    subscriptionStatus: effectiveSubscriptionStatus({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }),
    contact_person: null,
    contact_number: null,
    city: null,
    created_at: r.createdAt.toISOString(),
  });

export const toAdminClinic = (c: ClinicRow): AdminUser => ({
  id: c.id,
  type: 'clinic',
  name: c.clinicName,
  email: c.email,
  status: c.status,
  company: null,
  phone: c.contactNumber,
  state: c.state,
  subscriptionStatus: null,
  contact_person: c.contactPerson,
  contact_number: c.contactNumber,
  city: c.city,
  created_at: c.createdAt.toISOString(),
});

/** A pharma company (docs/decisions/087): no state or city of its own; its contact and whether an admin verified it. */
export const toAdminCompany = (c: CompanyRow): AdminUser => ({
  id: c.id,
  type: 'company',
  name: c.companyName,
  email: c.email,
  status: c.status,
  company: c.companyName,
  phone: c.phone,
  state: '',
  subscriptionStatus: null,
  contact_person: c.contactName,
  contact_number: c.phone,
  city: null,
  created_at: c.createdAt.toISOString(),
  verified: c.verified,
  gstin: c.gstin,
});

export const toAdminSubscription =
  (now: Date, refunds: ReadonlyMap<number, SubscriptionRefund>) =>
  (r: RepRow): AdminSubscription => ({
    id: r.id,
    full_name: r.fullName,
    email: r.email,
    company: r.company,
    subscription_status: effectiveSubscriptionStatus({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }),
    subscription_id: r.subscriptionId,
    subscription_expires_at: r.subscriptionExpiresAt ? r.subscriptionExpiresAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    refund: refunds.get(r.id) ?? null,
  });

/** A page of reps as subscriptions, with each one's latest refund (docs/decisions/032): one more query a page. */
export async function toAdminSubscriptions(deps: ListDeps, rows: RepRow[]): Promise<AdminSubscription[]> {
  const refunds = await listLatestRefunds(deps, { repIds: rows.map((r) => r.id) });
  return rows.map(toAdminSubscription(deps.clock.now(), refunds));
}

export const toAdminAppointment = (r: AppointmentRow): AdminAppointment => ({ ...r, booked_at: r.booked_at.toISOString() });

// --- users: the reps, newest first, then the clinics, then the pharma companies (as the whole list was ordered) ---

const USER_TYPES: readonly AdminUserType[] = ['medrep', 'clinic', 'company'];

/** One kind's page of users and the rows its count reads (`filtered*`). */
const USER_LISTS = {
  medrep: { page: (deps: ListDeps, o: PageOf) => queryRepsPage(deps.db, o).then((rows) => rows.map(toAdminRep(deps.clock.now()))), filtered: filteredReps },
  clinic: { page: (deps: ListDeps, o: PageOf) => queryClinicsPage(deps.db, o).then((rows) => rows.map(toAdminClinic)), filtered: filteredClinics },
  company: { page: (deps: ListDeps, o: PageOf) => queryCompaniesPage(deps.db, o).then((rows) => rows.map(toAdminCompany)), filtered: filteredCompanies },
} satisfies Record<AdminUserType, unknown>;
interface PageOf {
  q?: string;
  beforeId?: number;
  limit: number;
}

export interface UserKey {
  type: AdminUserType;
  id: number;
}

function userCursor(cursor: string, types: readonly AdminUserType[]): UserKey {
  const [type, id] = decodeCursor(cursor, ['string', 'number'] as const);
  const known = types.find((t) => t === type);
  if (!known) throw new AppError('invalid_cursor');
  return { type: known, id: cursorId(id) };
}

/** Up to `limit` users after `after`: the rest of the reps, then the clinics, then the companies, as the filter allows. */
export async function readUsers(deps: ListDeps, o: { filter: AdminUsersFilter; after?: UserKey; limit: number }): Promise<AdminUser[]> {
  const types = o.filter.type ? [o.filter.type] : USER_TYPES;
  const start = o.after ? types.indexOf(o.after.type) : 0;
  const rows: AdminUser[] = [];
  for (const type of types.slice(start)) {
    const limit = o.limit - rows.length;
    if (limit <= 0) break;
    const beforeId = o.after?.type === type ? o.after.id : undefined;
    rows.push(...(await USER_LISTS[type].page(deps, { q: o.filter.q, beforeId, limit })));
  }
  return rows;
}

export async function listUsers(deps: ListDeps, o: AdminUsersFilter & PageQuery): Promise<AdminUsersResponse> {
  const { limit, cursor, ...filter } = o;
  const types = filter.type ? [filter.type] : USER_TYPES;
  const after = cursor ? userCursor(cursor, types) : undefined;
  const page = pageOf(await readUsers(deps, { filter, after, limit: limit + 1 }), limit, (u) => [u.type, u.id]);
  return {
    users: page.items,
    nextCursor: page.nextCursor,
    // The kind is the tab, not a filter: the overall count is every user of that kind.
    ...(await totalsOnFirstPage(cursor, {
      filtered: filter.q !== undefined,
      count: async (filtered) => {
        const by = filtered ? filter : {};
        const totals = await Promise.all(types.map((t) => countListTotal(deps.db, USER_LISTS[t].filtered(deps.db, by))));
        return { count: totals.reduce((n, t) => n + t.count, 0), exact: totals.every((t) => t.exact) };
      },
    })),
  };
}

// --- subscriptions: the reps, newest first ------------------------------------------------------------------

export async function listSubscriptions(deps: ListDeps, o: AdminSubscriptionsFilter & PageQuery): Promise<AdminSubscriptionsResponse> {
  const { limit, cursor, ...filter } = o;
  const beforeId = cursor ? cursorId(decodeCursor(cursor, ['number'] as const)[0]) : undefined;
  const rows = await queryRepsPage(deps.db, { q: filter.q, beforeId, limit: limit + 1 });
  const page = pageOf(await toAdminSubscriptions(deps, rows), limit, (s) => [s.id]);
  return {
    subscriptions: page.items,
    nextCursor: page.nextCursor,
    ...(await totalsOnFirstPage(cursor, {
      filtered: anyOf(filter),
      count: (filtered) => countListTotal(deps.db, filteredReps(deps.db, filtered ? filter : {})),
    })),
  };
}

// --- doctors at clinics: by doctor name ----------------------------------------------------------------------

export async function listDoctors(deps: ListDeps, o: AdminDoctorsFilter & PageQuery): Promise<AdminDoctorsResponse> {
  const { limit, cursor, ...filter } = o;
  let after;
  if (cursor) {
    const [name, doctorId, linkId] = decodeCursor(cursor, ['string', 'number', 'number'] as const);
    after = { name, doctorId: cursorId(doctorId), linkId: cursorId(linkId) };
  }
  const rows: AdminDoctor[] = await queryDoctorLinksPage(deps.db, { q: filter.q, after, limit: limit + 1 });
  const page = pageOf(rows, limit, (d) => [d.name, d.doctor_id, d.id]);
  return {
    doctors: page.items,
    nextCursor: page.nextCursor,
    ...(await totalsOnFirstPage(cursor, {
      filtered: anyOf(filter),
      count: (filtered) => countListTotal(deps.db, filteredDoctorLinks(deps.db, filtered ? filter : {})),
    })),
  };
}

// --- appointments: latest date first --------------------------------------------------------------------------

export async function listAppointments(deps: ListDeps, o: AdminAppointmentsFilter & PageQuery): Promise<AdminAppointmentsResponse> {
  const { limit, cursor, ...filter } = o;
  let before;
  if (cursor) {
    const [date, id] = decodeCursor(cursor, ['string', 'number'] as const);
    if (!isIsoDate(date)) throw new AppError('invalid_cursor');
    before = { date, id: cursorId(id) };
  }
  const rows = await queryAppointmentsPage(deps.db, { filter, before, limit: limit + 1 });
  const page = pageOf(rows.map(toAdminAppointment), limit, (a) => [a.appointment_date, a.id]);
  return {
    appointments: page.items,
    nextCursor: page.nextCursor,
    ...(await totalsOnFirstPage(cursor, {
      filtered: anyOf(filter),
      count: (filtered) => countListTotal(deps.db, filteredAppointments(deps.db, { filter: filtered ? filter : {} })),
    })),
  };
}
