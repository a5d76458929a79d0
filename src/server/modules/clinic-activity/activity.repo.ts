import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { clinicActivity } from '../../db/schema';
import type { ClinicAction } from '../../../shared/schemas/clinic-activity';
import type { ActingPerson } from '../auth/actor';

// The clinic's Activity log rows (docs/decisions/072-clinic-team.md, 075-clinic-activity-log.md). Nothing cached
// reads them: no key to name.

export async function insertClinicActivity(
  w: Write,
  row: { clinicId: number; person: ActingPerson; action: ClinicAction; target?: string | null; details?: Record<string, unknown> | null; at: Date },
): Promise<void> {
  await w.insert(clinicActivity).values({
    clinicId: row.clinicId,
    actorKind: row.person.kind,
    actorId: row.person.id,
    actorName: row.person.name,
    action: row.action,
    target: row.target ?? null,
    details: row.details ?? null,
    at: row.at,
  });
}

/** One page of the clinic's rows, newest first by id, one row more than the page (decision 022), on (clinic_id, id). */
export function queryClinicActivityPage(db: DbOrTx, o: { clinicId: number; beforeId?: number; limit: number }) {
  const a = clinicActivity;
  return db
    .select({ id: a.id, at: a.at, actorKind: a.actorKind, actorName: a.actorName, action: a.action, target: a.target, details: a.details })
    .from(a)
    .where(and(eq(a.clinicId, o.clinicId), o.beforeId !== undefined ? lt(a.id, o.beforeId) : undefined))
    .orderBy(desc(a.id))
    .limit(o.limit + 1);
}

/**
 * A rep who erased their account is no longer named in any clinic's log (decision 013, 075): the rows of their visits
 * (details.repId) lose the name and the id; what the clinic did, and when, stays. Rare: a scan of a bounded table.
 */
export async function forgetRepInClinicActivity(w: Write, o: { repId: number }): Promise<void> {
  const a = clinicActivity;
  await w
    .update(a)
    .set({ target: null, details: sql`${a.details} - 'repId'` })
    .where(sql`${a.details} ->> 'repId' = ${String(o.repId)}`);
}

/** The clinic's whole log, oldest first, for its data export (bounded: rows live a year, decision 075). */
export function findClinicActivity(db: DbOrTx, clinicId: number) {
  const a = clinicActivity;
  return db
    .select({ at: a.at, actorKind: a.actorKind, actorName: a.actorName, action: a.action, target: a.target, details: a.details })
    .from(a)
    .where(eq(a.clinicId, clinicId))
    .orderBy(a.id);
}
