import type { Write } from '../../db/write';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { decodeCursor, pageOf } from '../../db/keyset';
import { AppError } from '../../errors';
import type { ClinicAction, ClinicActivityQuery, ClinicActivityResponse } from '../../../shared/schemas/clinic-activity';
import { activityActorKindSchema, clinicActionSchema } from '../../../shared/schemas/clinic-activity';
import type { Actor } from '../auth/actor';
import * as repo from './activity.repo';

// The clinic's Activity log (docs/decisions/072-clinic-team.md, 075-clinic-activity-log.md): a row written in the
// transaction of the change it records, so a change and its record commit or roll back together. Other modules call
// this inside their withWrite.

/** The clinic's whole log, oldest first, for its data export (privacy; ARCHITECTURE rule 16: through this service). */
export async function clinicActivityForExport(db: DbOrTx, clinicId: number): Promise<Awaited<ReturnType<typeof repo.findClinicActivity>>> {
  return repo.findClinicActivity(db, clinicId);
}

/** Removes, in `w`, an erased rep's name and id from every clinic's log (privacy); the entries stay. */
export async function forgetRepInActivity(w: Write, o: { repId: number }): Promise<void> {
  await repo.forgetRepInClinicActivity(w, o);
}

/**
 * Records `action` of the clinic by the person of `actor` (the owner, a member, the doctor's login). An actor without
 * a person (a system job, an admin) records nothing: the log is of what the clinic's people did.
 */
export async function recordClinicActivity(
  w: Write,
  o: { clinicId: number; actor: Pick<Actor, 'person'>; action: ClinicAction; target?: string | null; details?: Record<string, unknown> | null; now: Date },
): Promise<void> {
  if (!o.actor.person) return;
  await repo.insertClinicActivity(w, { clinicId: o.clinicId, person: o.actor.person, action: o.action, target: o.target, details: o.details, at: o.now });
}

/** A bigserial id read from a cursor: a positive safe integer; anything else was not made by this list. */
function cursorBigId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const [id] = decodeCursor(cursor, ['number'] as const);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('invalid_cursor');
  return id;
}

/**
 * GET /api/clinic/activity: the signed-in clinic's log, newest first, a page at a time (decision 022). Only its own
 * rows: the clinic is the session's, never a parameter.
 */
export async function listClinicActivity(deps: Pick<Deps, 'db'>, o: { actor: Actor; query: ClinicActivityQuery }): Promise<ClinicActivityResponse> {
  const rows = await repo.queryClinicActivityPage(deps.db, { clinicId: o.actor.id, beforeId: cursorBigId(o.query.cursor), limit: o.query.limit });
  const { items, nextCursor } = pageOf(rows, o.query.limit, (r) => [r.id]);
  return {
    items: items.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      // A kind or action name this build does not know (a row of a newer release) reads as the owner / settings.
      actor: { kind: activityActorKindSchema.catch('owner').parse(r.actorKind), name: r.actorName },
      action: clinicActionSchema.catch('settings.saved').parse(r.action),
      target: r.target,
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
    nextCursor,
  };
}
