import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AdminAction, ThreatLevel } from '../../../shared/schemas/admin-team';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog, securityEvents } from '../../db/schema';
import type { Write } from '../../db/write';

// The audit trail and the security events as the admin reads them (docs/decisions/042-admin-team.md): newest first
// by id, a page at a time (decision 022), each filter an index's leading column.

export interface AuditRow {
  adminId: number | null;
  adminName: string;
  action: AdminAction;
  target: string | null;
  ip: string | null;
  userAgent: string | null;
  at: Date;
  details: Record<string, unknown> | null;
}

/** One row; never updated (a trigger refuses UPDATE, and DELETE outside the nightly purge). No cached read shows it. */
export async function insertAuditRow(db: Write, row: AuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row);
}

export function queryAuditPage(db: DbOrTx, o: { beforeId?: number; adminId?: number; action?: AdminAction; limit: number }) {
  const l = adminAuditLog;
  return db
    .select({ id: l.id, adminId: l.adminId, adminName: l.adminName, action: l.action, target: l.target, at: l.at, ip: l.ip, details: l.details })
    .from(l)
    .where(
      and(
        o.adminId !== undefined ? eq(l.adminId, o.adminId) : undefined,
        o.action ? eq(l.action, o.action) : undefined,
        o.beforeId !== undefined ? lt(l.id, o.beforeId) : undefined,
      ),
    )
    .orderBy(desc(l.id))
    .limit(o.limit + 1);
}

export function querySecurityEventPage(db: DbOrTx, o: { beforeId?: number; type?: string; level?: ThreatLevel; limit: number }) {
  const e = securityEvents;
  return db
    .select()
    .from(e)
    .where(
      and(
        o.type ? eq(e.eventType, o.type) : undefined,
        o.level ? eq(e.threatLevel, o.level) : undefined,
        o.beforeId !== undefined ? lt(e.id, o.beforeId) : undefined,
      ),
    )
    .orderBy(desc(e.id))
    .limit(o.limit + 1);
}

/**
 * Events since `since` by type and level: all of them, those since `recentSince`, and the blocked ones of each. A row
 * of a repeating event stands for `count` events (docs/decisions/049-security-events-bounded.md).
 */
export function countSecurityEvents(db: DbOrTx, o: { since: Date; recentSince: Date }) {
  const e = securityEvents;
  const recent = sql`${e.timestamp} > ${o.recentSince}`;
  return db
    .select({
      type: e.eventType,
      level: e.threatLevel,
      count: sql<number>`coalesce(sum(${e.count}), 0)`.mapWith(Number),
      blocked: sql<number>`coalesce(sum(${e.count}) filter (where ${e.blocked}), 0)`.mapWith(Number),
      recent: sql<number>`coalesce(sum(${e.count}) filter (where ${recent}), 0)`.mapWith(Number),
      recentBlocked: sql<number>`coalesce(sum(${e.count}) filter (where ${recent} and ${e.blocked}), 0)`.mapWith(Number),
    })
    .from(e)
    .where(gt(e.timestamp, o.since))
    .groupBy(e.eventType, e.threatLevel);
}
