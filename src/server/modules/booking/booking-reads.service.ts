import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import type { Deps } from '../../deps';
import { groupRows } from '../../db/query-tools';
import type { RepAppointment } from '../../../shared/schemas/booking';
import { listRepsUpcomingAppointments, listRepUpcomingAppointments } from './booking.repo';

// The booking area's read caches (docs/decisions/016-keyed-read-caches.md): a booking or a cancellation
// changes one rep's appointments and drops just that key (a calendar month not cached yet reads the doctor's
// month in its own statement: availability.service.ts). The misses of one
// event-loop turn are read with one query. Sizes are estimates of the values' memory.

const ALL_DATES = '1900-01-01';

/**
 * Each rep's appointments that are not cancelled, with what My Appointments shows: a few dozen rows (the
 * nightly purge keeps 90 days of history), from which the calendar's visits with a doctor and the upcoming
 * list are both cut. A doctor's or clinic's name changing ('directory') empties it: rare next to bookings.
 */
const repAppointmentsCache = defineReadCache<number, RepAppointment[]>({
  name: 'rep appointments',
  max: 40_000,
  maxBytes: 32 * 2 ** 20,
  // 12.9-13.5 KB an entry of 19 rows on the heap: 680-709 a row with its doctor-day tag (measured 2026-12-03 at 10x,
  // scripts/measure-cache-memory.ts; 540 at 1x, where reps share more tags): ~2,500 reps' lists.
  sizeOf: (rows) => 300 + rows.length * 710,
  keyOf: String,
  // A visit's token moves when another rep books an earlier time that day or cancels (docs/decisions/039): each
  // entry is tagged with the doctor-days it lists, which bookings and cancellations announce.
  valueTags: (rows) => rows.map((r) => `day:${r.clinic_id}:${r.doctor_id}:${r.appointment_date}`),
  invalidatedBy: { 'rep-appts': ([id]) => id, 'doctor-day': ([c, d, date]) => `day:${c}:${d}:${date}`, directory: () => EVERY_ENTRY },
  missing: [],
  loadOne: (db, repId) => listRepUpcomingAppointments(db, { repId, fromDate: ALL_DATES }),
  loadMany: async (db, repIds) => {
    return groupRows(
      await listRepsUpcomingAppointments(db, repIds, ALL_DATES),
      (r) => String(r.rep_id),
      ({ rep_id: _, ...row }) => row,
    );
  },
});

type Db = Pick<Deps, 'db'>;

/** The rep's appointments that are not cancelled, every date (shared, read-only). */
export const readRepAppointments = (deps: Db, repId: number) => repAppointmentsCache.read(deps.db, repId);
