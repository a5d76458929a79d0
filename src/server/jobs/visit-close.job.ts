import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { appointmentKeys, cacheKey } from '../cache/cache-keys';
import { doctorAppointments } from '../db/schema';
import { todayInIndia } from '../../shared/dates';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';

// 00:10 IST (docs/decisions/041-visit-outcomes-and-proof.md, End of day): a visit the rep checked in to at reception
// and the clinic did not mark by the end of its day is completed, by the system. Idempotent: a second run finds no
// such visit left (decision 011). No e-mail: nothing changes for the rep but the word on the visit.

/** More visits than this in one night: every cache empties at the commit rather than naming each key (decision 016). */
const KEYS_ONE_BY_ONE_UP_TO = 2000;

/**
 * The open checked-in visits dated before `today`: the predicate of the partial index
 * doctor_appointments_checked_in_open_idx word for word (constants, not parameters), so the planner reads only them.
 */
export const openCheckedInVisitsBefore = (today: string) =>
  and(isNotNull(doctorAppointments.checkedInAt), sql`${doctorAppointments.status} in ('booked', 'confirmed')`, lt(doctorAppointments.appointmentDate, today));

export async function runVisitClose({ app, now }: JobOptions): Promise<JobOutcome> {
  const today = todayInIndia(now);
  return runJob({
    app,
    name: 'visit-close',
    now,
    async prepare(tx) {
      // The row locks of the update queue it behind a clinic's mark of the same visit, which it then leaves alone (the
      // status no longer matches).
      const a = doctorAppointments;
      const closed = await tx
        .update(a)
        .set({ status: 'completed', outcomeAt: now, outcomeBy: 'system', updatedAt: now })
        .where(openCheckedInVisitsBefore(today))
        .returning({ repId: a.repId, clinicId: a.clinicId, doctorId: a.doctorId, date: a.appointmentDate });
      // The reps' lists and the clinics' days show the new status.
      const keys = [...new Set(closed.flatMap((v) => appointmentKeys(v)))];
      tx.changed(...(keys.length > KEYS_ONE_BY_ONE_UP_TO ? [cacheKey.everything()] : keys));
      return { completed: closed.length };
    },
    countsOf: (counts) => counts,
  });
}
