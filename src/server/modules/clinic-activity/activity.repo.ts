import type { Write } from '../../db/write';
import { clinicActivity } from '../../db/schema';
import type { ClinicAction } from '../../../shared/schemas/clinic-activity';
import type { ActingPerson } from '../auth/actor';

// The clinic's Activity log rows (docs/decisions/072-clinic-team.md). Nothing cached reads them: no key to name.

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
