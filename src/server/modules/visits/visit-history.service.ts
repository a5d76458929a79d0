import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { outcomeText } from '../../../shared/booking/visit-status';
import { addDays, timeInIndia, todayInIndia } from '../../../shared/dates';
import { repVisitsQuerySchema, type ClinicVisit, type ClinicVisitsQuery, type RepVisit, type RepVisitsQuery } from '../../../shared/schemas/visits';
import { csvChunks, keysetBatches, type CsvColumn } from '../../lib/csv';
import { assertOwnClinic } from '../clinics/access';
import { provenVisitOf, receiptLink, signReceipt } from './receipts.service';
import { findClinicVisits, findRepName, findRepVisits, visitKeyOf, type ClinicVisitRow, type RepVisitRow, type VisitKey } from './visit-history.repo';

// The visit histories and the call report (docs/decisions/041-visit-outcomes-and-proof.md): one date range of at most
// HISTORY_MAX_DAYS (the last 30 days by default), which bounds the JSON answers (ARCHITECTURE rule 15); the CSV twins
// are read in keyset batches and streamed, like the admin exports (docs/decisions/022), with their CSV escaping.

type HistoryDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'keys'>;

/** Visits per query while a CSV is written. */
export const HISTORY_CSV_BATCH = 500;
/** The range asked for when none is given: the last 30 days to today (Indian dates). */
export const DEFAULT_HISTORY_DAYS = 30;

interface Range {
  from: string;
  to: string;
}

/** The range with its defaults filled in, checked again as a whole (a `from` alone may be after today or too early). */
export function historyRange(deps: Pick<Deps, 'clock'>, q: { from?: string; to?: string }): Range {
  const to = q.to ?? todayInIndia(deps.clock.now());
  const from = q.from ?? addDays(to, -DEFAULT_HISTORY_DAYS);
  const checked = repVisitsQuerySchema.safeParse({ from, to });
  if (!checked.success) throw badRequest(checked.error.issues[0]!.message, 'validation_error');
  return { from, to };
}

const toRepVisit = (r: RepVisitRow): RepVisit => r;
const toClinicVisit = (r: ClinicVisitRow): ClinicVisit => r;

/** GET /api/rep-visits: the signed-in rep's visits in the range, every status, newest first. */
export async function listRepVisits(deps: HistoryDeps, o: { repId: number; query: RepVisitsQuery }) {
  const range = historyRange(deps, o.query);
  const rows = await findRepVisits(deps.db, { repId: o.repId, ...range });
  return { visits: rows.map(toRepVisit), ...range };
}

/** GET /api/clinic/visits: the clinic's visits in the range, of one doctor or all, newest first. */
export async function listClinicVisits(deps: HistoryDeps, o: { actor: Actor; query: ClinicVisitsQuery }) {
  const { clinicId, doctorId } = o.query;
  assertOwnClinic(o.actor, clinicId);
  const range = historyRange(deps, o.query);
  // Scoped by the clinic: a doctor who has left it keeps the history of the visits there, so no link is required.
  const rows = await findClinicVisits(deps.db, { clinicId, doctorId, ...range });
  return { visits: rows.map(toClinicVisit), ...range };
}

const checkInTime = (checkedInAt: string | null) => (checkedInAt ? timeInIndia(new Date(checkedInAt)) : null);

/**
 * GET /api/rep-visits.csv: the rep's daily call report. Each checked-in visit carries the link of a proof of visit
 * signed now, so a manager opens it without an account.
 */
export async function exportRepVisitsCsv(deps: HistoryDeps, o: { repId: number; query: RepVisitsQuery }) {
  const range = historyRange(deps, o.query);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const [key, rep] = [await deps.keys.receipt(), await findRepName(deps.db, o.repId)];
  const proofLink = (v: RepVisitRow) =>
    v.checked_in_at && rep
      ? receiptLink(
          deps,
          signReceipt(
            key,
            provenVisitOf(
              {
                id: v.id,
                ...rep,
                doctorName: v.doctor_name,
                doctorSpecialty: v.doctor_specialty,
                clinicName: v.clinic_name,
                clinicCity: v.clinic_city,
                clinicState: v.clinic_state,
                date: v.appointment_date,
                startTime: v.start_time,
                checkedInAt: v.checked_in_at,
                checkInReceivedAt: v.check_in_received_at,
              },
              now,
            ),
          ),
        )
      : null;
  const columns: CsvColumn<RepVisitRow>[] = [
    { header: 'Date', value: (v) => v.appointment_date },
    { header: 'Time', value: (v) => v.start_time },
    { header: 'Doctor', value: (v) => v.doctor_name },
    { header: 'Specialty', value: (v) => v.doctor_specialty },
    { header: 'Clinic', value: (v) => v.clinic_name },
    { header: 'City', value: (v) => v.clinic_city },
    { header: 'Outcome', value: (v) => outcomeText({ status: v.status, date: v.appointment_date, cancelled_by: v.cancelled_by }, today, 'rep') },
    { header: 'Check-in time (IST)', value: (v) => checkInTime(v.checked_in_at) },
    { header: 'Proof of visit', value: proofLink },
  ];
  const chunks = csvChunks(
    columns,
    keysetBatches<RepVisitRow, VisitKey>({
      size: HISTORY_CSV_BATCH,
      read: (after, limit) => findRepVisits(deps.db, { repId: o.repId, ...range, after, limit }),
      keyOf: visitKeyOf,
    }),
  );
  return { ...range, chunks };
}

/** GET /api/clinic/visits.csv: the clinic's visits in the range, of one doctor or all. */
export async function exportClinicVisitsCsv(deps: HistoryDeps, o: { actor: Actor; query: ClinicVisitsQuery }) {
  const { clinicId, doctorId } = o.query;
  assertOwnClinic(o.actor, clinicId);
  const range = historyRange(deps, o.query);
  const today = todayInIndia(deps.clock.now());
  const columns: CsvColumn<ClinicVisitRow>[] = [
    { header: 'Date', value: (v) => v.appointment_date },
    { header: 'Time', value: (v) => v.start_time },
    { header: 'Doctor', value: (v) => v.doctor_name },
    { header: 'Rep', value: (v) => v.rep_name },
    { header: 'Company', value: (v) => v.company_name },
    { header: 'Outcome', value: (v) => outcomeText({ status: v.status, date: v.appointment_date, cancelled_by: v.cancelled_by }, today, 'clinic') },
    { header: 'Check-in time (IST)', value: (v) => checkInTime(v.checked_in_at) },
  ];
  const chunks = csvChunks(
    columns,
    keysetBatches<ClinicVisitRow, VisitKey>({
      size: HISTORY_CSV_BATCH,
      read: (after, limit) => findClinicVisits(deps.db, { clinicId, doctorId, ...range, after, limit }),
      keyOf: visitKeyOf,
    }),
  );
  return { ...range, chunks };
}
