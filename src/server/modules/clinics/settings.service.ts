import { notFound } from '../../errors';
import type { Actor } from '../../plugins/auth';
import { WEEKDAYS } from '../../../shared/constants';
import type { AvailableDays, DoctorSettings, SaveDoctorSettings } from '../../../shared/schemas/clinic';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from './access';
import { findSettings, upsertSettings } from './settings.repo';
import { cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { placeKeysOfClinic } from '../directory/directory.service';

export const NO_SETTINGS = 'No call settings saved for this doctor yet.';

/** Stored days may miss a weekday (older rows); the answer always lists all seven. */
function toSettings(row: Omit<DoctorSettings, 'availableDays'> & { availableDays: Record<string, boolean> }): DoctorSettings {
  const availableDays = Object.fromEntries(WEEKDAYS.map((d) => [d, row.availableDays?.[d] === true])) as AvailableDays;
  return { ...row, availableDays };
}

export async function getDoctorSettings(deps: ClinicDeps, o: { actor: Actor; clinicId: number; doctorId: number }): Promise<DoctorSettings> {
  assertOwnClinic(o.actor, o.clinicId);
  await requireLinkedDoctor(deps.db, o.clinicId, o.doctorId);
  const row = await findSettings(deps.db, o.clinicId, o.doctorId);
  if (!row) throw notFound(NO_SETTINGS);
  return toSettings(row);
}

/**
 * Saves the doctor's call settings at this clinic. Lowering maxSlots cancels nothing: bookings already made
 * stay, and the day simply shows no remaining slots (spec part 2, 5: remaining never below 0).
 */
export async function saveDoctorSettings(deps: ClinicDeps, o: { actor: Actor; input: SaveDoctorSettings }): Promise<DoctorSettings> {
  const { input } = o;
  assertOwnClinic(o.actor, input.clinicId);
  const doctor = await requireLinkedDoctor(deps.db, input.clinicId, input.doctorId);
  const row = await invalidatingTransaction(deps.db, async (tx, changed) => {
    changed.add(cacheKey.link(input.clinicId, input.doctorId), ...(await placeKeysOfClinic(tx, input.clinicId)));
    return upsertSettings(tx, {
      clinicId: input.clinicId,
      doctorId: input.doctorId,
      // The doctor's own name, not whatever the client sent: reps read it on the availability view.
      doctorName: doctor.name,
      maxSlots: input.maxSlots,
      callFrequency: input.callFrequency,
      availableDays: input.availableDays,
      visitWindows: input.visitWindows,
      slotMinutes: input.slotMinutes,
      now: deps.clock.now(),
    });
  });
  return toSettings(row);
}
