import { sql, type SQLWrapper } from 'drizzle-orm';
import type { ListTotal } from '../../shared/schemas/pagination';
import type { Db } from './client';

/**
 * Counting is exact up to this many rows: reading that many index entries costs a few milliseconds. Past it the
 * planner's estimate is given instead, labelled `exact: false`, so a list of a million rows never counts them all
 * (docs/decisions/022).
 */
export const EXACT_COUNT_LIMIT = 10_000;

interface PlanNode {
  'Plan Rows'?: number;
}

/** The matching rows of `filtered` (a `select` with the list's joins and filters, no order, no limit). */
export async function countListTotal(db: Db, filtered: SQLWrapper): Promise<ListTotal> {
  const counted = await db.execute(sql`select count(*)::int as n from (${filtered} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  const n = Number(rowsOf(counted)[0]?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { count: n, exact: true };
  const explained = await db.execute(sql`explain (format json) ${filtered}`);
  const raw = Object.values(rowsOf(explained)[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const estimate = Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
  // At least what was just counted: the planner may guess lower than the rows seen.
  return { count: Math.max(EXACT_COUNT_LIMIT + 1, estimate), exact: false };
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const r = result as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  return Array.isArray(r) ? r : (r.rows ?? []);
}
