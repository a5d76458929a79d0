import {
  THREAT_LEVELS,
  type AdminAction,
  type AdminAuditQuery,
  type AdminAuditResponse,
  type SecurityEventCounts,
  type SecurityEventsQuery,
  type SecurityEventsResponse,
} from '../../../shared/schemas/admin-team';
import { decodeCursor, pageOf } from '../../db/keyset';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { RequestOrigin } from '../../plugins/security';
import { countSecurityEvents, insertAuditRow, queryAuditPage, querySecurityEventPage } from './admin-audit.repo';

// The audit trail of admin acts and the Security tab (docs/decisions/042-admin-team.md). An act's row is written in
// the act's own transaction where it has one, so an act is never without its row nor a row without its act; a
// failure to write it fails the act.

/** Who acted: a named admin, the single-password session (id 0), or nobody known (null: an unknown e-mail, the command line). */
export interface AuditActor {
  id: number | null;
  name: string;
}

/** `kind:id` of the record an act touched, as the Audit tab shows and filters it. */
export const targetOf = (kind: string, id: number | string) => `${kind}:${id}`;

type AdminAct = { actor: AuditActor; action: AdminAction; target?: string | null; origin: RequestOrigin | null; at: Date; details?: Record<string, unknown> };

/** The act's row, in the act's own write. */
export async function recordAdminAct(db: Write, o: AdminAct): Promise<void> {
  await insertAuditRow(db, {
    adminId: o.actor.id,
    adminName: o.actor.name.slice(0, 254),
    action: o.action,
    target: o.target ?? null,
    ip: o.origin?.ip ?? null,
    userAgent: o.origin?.userAgent ?? null,
    at: o.at,
    details: o.details ?? null,
  });
}

/** The row of an act that writes nothing else (a sign-in, a sign-out, an export): a write of its own. */
export async function recordAdminActAlone(deps: Pick<Deps, 'db'>, o: AdminAct): Promise<void> {
  await withWrite(deps, (w) => recordAdminAct(w, o));
}

/** A bigserial id read from a cursor: a positive safe integer; anything else was not made by this list. */
function cursorBigId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const [id] = decodeCursor(cursor, ['number'] as const);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('invalid_cursor');
  return id;
}

/** GET /api/admin/audit: newest first, filtered by admin and action. */
export async function listAdminAudit(deps: Pick<Deps, 'db'>, query: AdminAuditQuery): Promise<AdminAuditResponse> {
  const rows = await queryAuditPage(deps.db, { beforeId: cursorBigId(query.cursor), adminId: query.adminId, action: query.action, limit: query.limit });
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => [r.id]);
  return {
    entries: items.map((r) => ({
      id: r.id,
      adminId: r.adminId,
      adminName: r.adminName,
      action: r.action as AdminAction,
      target: r.target,
      at: r.at.toISOString(),
      ip: r.ip,
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
    nextCursor,
  };
}

const DAY_MS = 86_400_000;

/** GET /api/admin/security-events: newest first, filtered by type and level; the counts on the first page. */
export async function listSecurityEvents(deps: Pick<Deps, 'db' | 'clock'>, query: SecurityEventsQuery): Promise<SecurityEventsResponse> {
  const beforeId = cursorBigId(query.cursor);
  const rows = await querySecurityEventPage(deps.db, { beforeId, type: query.type, level: query.level, limit: query.limit });
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => [r.id]);
  const events = items.map((e) => ({
    id: e.id,
    eventType: e.eventType,
    ipAddress: e.ipAddress,
    userAgent: e.userAgent,
    userId: e.userId,
    userType: e.userType,
    requestPath: e.requestPath,
    requestMethod: e.requestMethod,
    threatLevel: e.threatLevel,
    details: (e.details as Record<string, unknown> | null) ?? null,
    timestamp: e.timestamp.toISOString(),
    blocked: e.blocked,
    count: e.count,
  }));
  if (beforeId !== undefined) return { events, nextCursor };
  return { events, nextCursor, counts: await securityEventCounts(deps) };
}

async function securityEventCounts(deps: Pick<Deps, 'db' | 'clock'>): Promise<NonNullable<SecurityEventsResponse['counts']>> {
  const now = deps.clock.now().getTime();
  const groups = await countSecurityEvents(deps.db, { since: new Date(now - 30 * DAY_MS), recentSince: new Date(now - DAY_MS) });
  const window = (pick: (g: (typeof groups)[number]) => { count: number; blocked: number }): SecurityEventCounts => {
    const byType = new Map<string, number>();
    const byLevel = Object.fromEntries(THREAT_LEVELS.map((l) => [l, 0])) as SecurityEventCounts['byLevel'];
    let total = 0;
    let blocked = 0;
    for (const g of groups) {
      const c = pick(g);
      if (c.count === 0) continue;
      total += c.count;
      blocked += c.blocked;
      byType.set(g.type, (byType.get(g.type) ?? 0) + c.count);
      if (Object.hasOwn(byLevel, g.level)) byLevel[g.level as keyof typeof byLevel] += c.count;
    }
    return {
      total,
      blocked,
      byType: [...byType].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
      byLevel,
    };
  };
  return {
    last24h: window((g) => ({ count: g.recent, blocked: g.recentBlocked })),
    last30d: window((g) => ({ count: g.count, blocked: g.blocked })),
  };
}
