import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../jobs/job-runner';

// The tables a restore is checked by (docs/decisions/060): the accounts, the directory, the bookings and what is owed
// to people (waitlist places, queued messages, payments). A restore that loses any of these has lost something a user
// would notice.
export const MAIN_TABLES = [
  'medical_reps',
  'clinic_users',
  'doctors',
  'clinic_doctors',
  'doctor_appointments',
  'waitlist_entries',
  'outbox',
  'subscription_orders',
  'admins',
  'job_runs',
] as const;

export type TableCounts = Record<(typeof MAIN_TABLES)[number], number>;

export async function countMainTables(db: Db): Promise<TableCounts> {
  const selects = MAIN_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ');
  const [row] = rowsOf(await db.execute(sql.raw(`select ${selects}`)));
  return Object.fromEntries(MAIN_TABLES.map((t) => [t, Number(row?.[t] ?? 0)])) as TableCounts;
}
