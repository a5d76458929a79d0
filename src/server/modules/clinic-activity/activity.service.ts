import type { Write } from '../../db/write';
import type { ClinicAction } from '../../../shared/schemas/clinic-activity';
import type { Actor } from '../auth/actor';
import * as repo from './activity.repo';

// The clinic's Activity log (docs/decisions/072-clinic-team.md): a row written in the transaction of the change it
// records, so a change and its record commit or roll back together. Other modules call this inside their withWrite.

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
