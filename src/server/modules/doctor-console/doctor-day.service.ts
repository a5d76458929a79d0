import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { addDays, todayInIndia } from '../../../shared/dates';
import type { DoctorSettings, SaveDoctorSettings } from '../../../shared/schemas/clinic';
import type { DoctorCancelToday, DoctorCancelTodayResponse, DoctorDayResponse } from '../../../shared/schemas/doctor-console';
import type { Actor } from '../auth/sessions.service';
import { getDoctorSettings, saveDoctorSettings } from '../call-settings/call-settings.service';
import { cancelTodayCalls } from '../clinics/visitors.service';
import { actingAtClinic, listDoctorLinks, requireDoctorLink } from './doctor-account.service';
import * as repo from './doctor-day.repo';

// The doctor's day across clinics, and the clinic's own acts the doctor may do there (docs/decisions/073): No rep
// visits today (the clinic's Cancel Today's Calls) and, where the clinic allows it, the call settings.

export const WEEK_AHEAD_DAYS = 7;

/**
 * GET /api/doctor/day?date=: at every linked clinic, the day's visits in the day's order (time, else token by booking;
 * docs/decisions/039) with who, arrived and called; the lateness; whether the day is closed; and the week after it
 * (visits per day). Read fresh: a doctor's few clinics cost three small queries.
 */
export async function getDoctorDay(deps: Pick<Deps, 'db' | 'clock'>, o: { actor: Actor; date?: string }): Promise<DoctorDayResponse> {
  const links = await listDoctorLinks(deps, o);
  const today = todayInIndia(deps.clock.now());
  const date = o.date ?? today;
  const pairs = links.map((l) => [l.clinicId, l.doctorId] as const);
  const from = addDays(date, 1);
  const to = addDays(date, WEEK_AHEAD_DAYS);
  const [visits, counts, state] = [
    await repo.listDayVisits(deps.db, { pairs, date }),
    await repo.countVisitsByDay(deps.db, { pairs, from, to }),
    await repo.findDayState(deps.db, { pairs, date }),
  ];
  const same = (l: { clinicId: number; doctorId: number }) => (r: { clinicId: number; doctorId: number }) =>
    r.clinicId === l.clinicId && r.doctorId === l.doctorId;
  const days = Array.from({ length: WEEK_AHEAD_DAYS }, (_, i) => addDays(from, i));
  return {
    date,
    today,
    clinics: links.map((l) => ({
      clinicId: l.clinicId,
      clinicName: l.clinicName,
      city: l.city,
      doctorId: l.doctorId,
      doctorName: l.doctorName,
      lateByMinutes: state.lateness.find(same(l))?.minutes ?? 0,
      managesSettings: state.settings.find(same(l))?.manages === true,
      closed: state.closed.some(same(l)),
      visits: visits.filter(same(l)),
      week: days.map((d) => ({ date: d, count: counts.find((c) => same(l)(c) && c.date === d)?.count ?? 0 })),
    })),
  };
}

/**
 * POST /api/doctor/cancel-today: the clinic's Cancel Today's Calls for this doctor there, with its reason, its e-mails
 * naming the clinic (never a person) and its closing of the day; recorded as the doctor's act. Reps who have arrived
 * keep their visit, as the clinic's default.
 */
export async function cancelDoctorToday(deps: Deps, o: { actor: Actor; input: DoctorCancelToday }): Promise<DoctorCancelTodayResponse> {
  const link = await requireDoctorLink(deps, { actor: o.actor, clinicId: o.input.clinicId });
  const date = todayInIndia(deps.clock.now());
  const result = await cancelTodayCalls(deps, {
    actor: actingAtClinic(o.actor, link),
    input: { clinicId: link.clinicId, doctorId: link.doctorId, date, reason: o.input.reason },
  });
  return { message: /*i18n*/ "Today's rep visits are cancelled. The reps were told.", ...result };
}

/** The settings only while the clinic lets the doctor manage them (403 doctor_settings_locked). */
async function requireManagedSettings(deps: Pick<Deps, 'db'>, o: { actor: Actor; clinicId: number }) {
  const link = await requireDoctorLink(deps, o);
  if (!(await repo.findManagesSettings(deps.db, link))) throw new AppError('doctor_settings_locked', ERROR_MESSAGES.doctor_settings_locked, 403);
  return link;
}

/** GET /api/doctor/settings/{clinicId}: the doctor's call settings at the clinic, as the clinic reads them. */
export async function getDoctorOwnSettings(deps: Deps, o: { actor: Actor; clinicId: number }): Promise<DoctorSettings> {
  const link = await requireManagedSettings(deps, o);
  return getDoctorSettings(deps, { actor: actingAtClinic(o.actor, link), clinicId: link.clinicId, doctorId: link.doctorId });
}

/**
 * PUT /api/doctor/settings/{clinicId}: saved through the clinic's own service and schema, for this doctor only (the
 * clinic and doctor of the body are the link's), and recorded as the doctor's act. Whether the doctor manages them
 * stays the clinic's choice: the doctor cannot change it.
 */
export async function saveDoctorOwnSettings(deps: Deps, o: { actor: Actor; clinicId: number; input: SaveDoctorSettings }) {
  const link = await requireManagedSettings(deps, o);
  const { doctorManagesSettings: _kept, ...input } = o.input;
  void _kept;
  return saveDoctorSettings(deps, { actor: actingAtClinic(o.actor, link), input: { ...input, clinicId: link.clinicId, doctorId: link.doctorId } });
}
