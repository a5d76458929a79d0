import { notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { WEEKDAYS } from '../../../shared/constants';
import { slotTimes, type VisitWindow } from '../../../shared/booking/visit-windows';
import { todayInIndia } from '../../../shared/dates';
import type { AvailableDays, ClinicAppointment, DoctorSettings, SaveDoctorSettings } from '../../../shared/schemas/clinic';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from '../clinics/access';
import { findSettings, lockSettingsRow, upsertSettings } from './call-settings.repo';
import { withWrite, type Write } from '../../db/write';
import { ACTIVE_VISIT_STATUSES } from '../../../shared/booking/visit-status';
import { doctorVisitsFrom } from '../clinics/visitors.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';

/**
 * Holds the doctor's settings row at the clinic until `w` ends, as a booking does: a doctor's removal takes it so no
 * visit is booked while the doctor's visits are cancelled (ARCHITECTURE rule 16: other modules come through here).
 */
export async function holdDoctorSettings(w: Write, o: { clinicId: number; doctorId: number }): Promise<void> {
  await lockSettingsRow(w, o.clinicId, o.doctorId);
}

export const NO_SETTINGS = /*i18n*/ 'No call settings saved for this doctor yet.';

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
 * The doctor's active visits here from today on whose time the visiting hours no longer offer, in the day's
 * order: a time that is not a visit start of the windows, or no time at all once there are windows. With no
 * windows (the whole day) every visit fits (docs/decisions/039-visit-windows-and-tokens.md).
 */
export function visitsOutsideWindows(
  visits: readonly ClinicAppointment[],
  hours: { visitWindows: readonly VisitWindow[]; slotMinutes: number },
): ClinicAppointment[] {
  if (hours.visitWindows.length === 0) return [];
  const offered = new Set(slotTimes(hours.visitWindows, hours.slotMinutes));
  const active = new Set<string>(ACTIVE_VISIT_STATUSES);
  return visits.filter((v) => active.has(v.status) && (v.start_time === null || !offered.has(v.start_time)));
}

type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

/**
 * The clinic's log of a save (decision 075): 'visiting_hours.saved' when the windows or the visit length changed,
 * 'settings.saved' when anything else did, or when nothing did (a save pressed is still a save by someone).
 */
async function recordSettingsChange(
  tx: Write,
  o: { actor: Actor; clinicId: number; doctorName: string; before: SettingsRow | null; after: SettingsRow; now: Date },
): Promise<void> {
  const { before, after } = o;
  const hoursChanged =
    before === null
      ? after.visitWindows.length > 0
      : JSON.stringify(before.visitWindows) !== JSON.stringify(after.visitWindows) || before.slotMinutes !== after.slotMinutes;
  const othersChanged =
    before === null ||
    before.maxSlots !== after.maxSlots ||
    before.callFrequency !== after.callFrequency ||
    before.requiresApproval !== after.requiresApproval ||
    before.doctorManagesSettings !== after.doctorManagesSettings ||
    JSON.stringify(toSettings(before).availableDays) !== JSON.stringify(toSettings(after).availableDays);
  const base = { clinicId: o.clinicId, actor: o.actor, target: o.doctorName, now: o.now };
  if (hoursChanged) {
    await recordClinicActivity(tx, { ...base, action: 'visiting_hours.saved', details: { windows: after.visitWindows, slotMinutes: after.slotMinutes } });
  }
  if (othersChanged || !hoursChanged) {
    const days = Object.entries(toSettings(after).availableDays)
      .filter(([, on]) => on)
      .map(([d]) => d);
    const details = {
      maxSlots: after.maxSlots,
      callFrequency: after.callFrequency,
      days,
      requiresApproval: after.requiresApproval,
      doctorManagesSettings: after.doctorManagesSettings,
    };
    await recordClinicActivity(tx, { ...base, action: 'settings.saved', details });
  }
}

/**
 * Saves the doctor's call settings at this clinic. Lowering maxSlots cancels nothing: bookings already made
 * stay, and the day simply shows no remaining slots (spec part 2, 5: remaining never below 0). Changing the
 * visiting hours moves and cancels nothing either: the visits the new hours leave out are answered as
 * `outsideWindows`, for the clinic to keep or cancel (POST /api/clinic/cancel-visits; decision 039).
 */
export async function saveDoctorSettings(
  deps: ClinicDeps,
  o: { actor: Actor; input: SaveDoctorSettings },
): Promise<{ settings: DoctorSettings; outsideWindows: ClinicAppointment[] }> {
  const { input } = o;
  assertOwnClinic(o.actor, input.clinicId);
  const doctor = await requireLinkedDoctor(deps.db, input.clinicId, input.doctorId);
  const now = deps.clock.now();
  const fromDate = todayInIndia(now);
  return withWrite(deps, async (tx) => {
    const before = await findSettings(tx, input.clinicId, input.doctorId);
    const row = await upsertSettings(tx, {
      clinicId: input.clinicId,
      doctorId: input.doctorId,
      // The doctor's own name, not whatever the client sent: reps read it on the availability view.
      doctorName: doctor.name,
      maxSlots: input.maxSlots,
      callFrequency: input.callFrequency,
      availableDays: input.availableDays,
      visitWindows: input.visitWindows,
      slotMinutes: input.slotMinutes,
      requiresApproval: input.requiresApproval,
      doctorManagesSettings: input.doctorManagesSettings,
      now,
    });
    await recordSettingsChange(tx, { actor: o.actor, clinicId: input.clinicId, doctorName: doctor.name, before, after: row, now });
    // Read with the saved row (absent fields kept the stored hours), in the same snapshot.
    const visits = row.visitWindows.length === 0 ? [] : await doctorVisitsFrom(tx, { clinicId: input.clinicId, doctorId: input.doctorId, fromDate });
    return { settings: toSettings(row), outsideWindows: visitsOutsideWindows(visits, row) };
  });
}
