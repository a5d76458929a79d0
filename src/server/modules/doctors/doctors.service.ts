import { withWrite } from '../../db/write';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { LIMITS } from '../../../shared/constants';
import { todayInIndia } from '../../../shared/dates';
import { DEFAULT_AVAILABLE_DAYS, type AddDoctor, type AvailableDoctor, type ClinicDoctor } from '../../../shared/schemas/clinic';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from '../clinics/access';
import { findClinicAccount } from '../clinics/account.service';
import { holdDoctorSettings } from '../call-settings/call-settings.service';
import { forgetDoctorLeave } from '../leave/leave.service';
import { deleteLinkAndSettings, insertDoctor, insertLink, insertSettingsIfMissing, listAvailableDoctorLinks, listClinicDoctors } from './doctors.repo';
import { cancelDoctorVisits, queueCancellationMails } from '../clinics/visitors.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';

import { DOCTOR_REMOVED_REASON } from '../../../shared/cancellation-reasons';
export const SELECTED_DOCTOR_NOT_FOUND = /*i18n*/ 'Selected doctor not found';

// A newly linked doctor takes calls Monday to Friday, 3 a day, every 7 days (spec part 1, 9 defaults;
// docs/decisions/007-clinic-doctors-and-day-cancellation.md) until the clinic saves his Call Preferences.
const defaultSettings = { maxSlots: LIMITS.maxSlotsDefault, callFrequency: LIMITS.callFrequencyDefault, availableDays: DEFAULT_AVAILABLE_DAYS };

export async function listDoctors(deps: ClinicDeps, o: { actor: Actor; clinicId: number }): Promise<ClinicDoctor[]> {
  assertOwnClinic(o.actor, o.clinicId);
  return listClinicDoctors(deps.db, o.clinicId);
}

/** Creates the doctor at the clinic's own state and city, links him and gives him default call settings. */
export async function addNewDoctor(deps: ClinicDeps, o: { actor: Actor; input: AddDoctor }): Promise<ClinicDoctor> {
  assertOwnClinic(o.actor, o.input.clinicId);
  const now = deps.clock.now();
  return withWrite(deps, async (tx) => {
    const clinic = await findClinicAccount(tx, o.input.clinicId);
    if (!clinic) throw notFound(/*i18n*/ 'Clinic not found');
    const doctor = await insertDoctor(tx, {
      name: o.input.name,
      specialty: o.input.specialty,
      state: clinic.state,
      city: clinic.city,
      createdByClinicId: clinic.id,
      createdAt: now,
    });
    await insertLink(tx, clinic.id, doctor.id, now);
    await insertSettingsIfMissing(tx, { clinicId: clinic.id, doctorId: doctor.id, doctorName: doctor.name, now, ...defaultSettings });
    await recordClinicActivity(tx, {
      clinicId: clinic.id,
      actor: o.actor,
      action: 'doctor.added',
      target: doctor.name,
      details: { specialty: doctor.specialty },
      now,
    });
    return doctor;
  });
}

/** Doctors practising at other clinics of the clinic's state that it has not linked yet. */
export async function listAvailableDoctors(deps: ClinicDeps, o: { actor: Actor; clinicId: number }): Promise<AvailableDoctor[]> {
  assertOwnClinic(o.actor, o.clinicId);
  const clinic = await findClinicAccount(deps.db, o.clinicId);
  if (!clinic) throw notFound(/*i18n*/ 'Clinic not found');
  return groupByDoctor(await listAvailableDoctorLinks(deps.db, clinic.id, clinic.state));
}

function groupByDoctor(rows: Array<ClinicDoctor & { clinicName: string }>): AvailableDoctor[] {
  const byId = new Map<number, AvailableDoctor>();
  for (const { clinicName, ...doctor } of rows) {
    const entry = byId.get(doctor.id) ?? { ...doctor, clinicNames: [] };
    if (!entry.clinicNames.includes(clinicName)) entry.clinicNames.push(clinicName);
    byId.set(doctor.id, entry);
  }
  return [...byId.values()];
}

/** Links a doctor of another clinic (one person, several clinics: decision 001). */
export async function addExistingDoctor(deps: ClinicDeps, o: { actor: Actor; clinicId: number; doctorId: number }): Promise<ClinicDoctor> {
  assertOwnClinic(o.actor, o.clinicId);
  const now = deps.clock.now();
  try {
    return await withWrite(deps, async (tx) => {
      const clinic = await findClinicAccount(tx, o.clinicId);
      if (!clinic) throw notFound(/*i18n*/ 'Clinic not found');
      const [available] = groupByDoctor(await listAvailableDoctorLinks(tx, clinic.id, clinic.state, o.doctorId));
      if (!available) throw notFound(SELECTED_DOCTOR_NOT_FOUND);
      await insertLink(tx, clinic.id, available.id, now);
      await insertSettingsIfMissing(tx, { clinicId: clinic.id, doctorId: available.id, doctorName: available.name, now, ...defaultSettings });
      const { clinicNames: _others, ...doctor } = available;
      // A doctor of other clinics now listed here too (decision 001): recorded as an addition, marked as such.
      await recordClinicActivity(tx, {
        clinicId: clinic.id,
        actor: o.actor,
        action: 'doctor.added',
        target: doctor.name,
        details: { specialty: doctor.specialty, existing: true },
        now,
      });
      return doctor;
    });
  } catch (err) {
    // Two tabs linking the same doctor at once: the unique link index keeps one.
    if (isUniqueViolation(err)) throw conflict(/*i18n*/ 'This doctor is already linked to your clinic.');
    throw err;
  }
}

/**
 * Unlinks the doctor, deletes this clinic's settings for him and cancels his appointments here from today on,
 * in one transaction, which also queues the e-mails to the reps concerned (docs/decisions/028-outbox.md).
 */
export async function removeDoctor(
  deps: ClinicDeps,
  o: { actor: Actor; clinicId: number; doctorId: number },
): Promise<{ cancelledCount: number; emailsSent: number }> {
  assertOwnClinic(o.actor, o.clinicId);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const cancelled = await withWrite(deps, async (tx) => {
    const doctor = await requireLinkedDoctor(tx, o.clinicId, o.doctorId);
    await holdDoctorSettings(tx, { clinicId: o.clinicId, doctorId: o.doctorId });
    const visits = await cancelDoctorVisits(tx, {
      clinicId: o.clinicId,
      doctorId: o.doctorId,
      from: today,
      reason: DOCTOR_REMOVED_REASON,
      now,
    });
    await deleteLinkAndSettings(tx, o.clinicId, o.doctorId);
    await forgetDoctorLeave(tx, { clinicId: o.clinicId, doctorId: o.doctorId });
    await queueCancellationMails(deps, tx, { visits, reason: DOCTOR_REMOVED_REASON, now });
    await recordClinicActivity(tx, {
      clinicId: o.clinicId,
      actor: o.actor,
      action: 'doctor.removed',
      target: doctor.name,
      details: { cancelledCount: visits.length },
      now,
    });
    return visits;
  });
  return { cancelledCount: cancelled.length, emailsSent: cancelled.length };
}
