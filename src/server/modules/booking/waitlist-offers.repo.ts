import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { waitlistEntryKeyColumns } from '../../db/write-keys';
import { keysOfWaitlistEntry } from '../../cache/cache-keys';
import { waitlistEntries } from '../../db/schema';

// The queries of a day's waitlist as the booking settles it (docs/decisions/043): its line, the offers made and closed,
// and what the sweep looks for. The rep's own waitlist calls are the waitlist module's (waitlist.repo.ts).

const w = waitlistEntries;
/** The predicate of the partial indexes on open entries, word for word (constants, not parameters). */
const isOpen = sql`${w.status} in ('waiting', 'offered')`;

/** The open entries (waiting or offered) of a doctor's day: the day's line, first come first (read by the booking in
 * queryDayFacts); the EXPLAIN test reads its plan. */
export function queryDayLine(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string }) {
  return db
    .select({ id: w.id, repId: w.repId, status: w.status, offerExpiresAt: w.offerExpiresAt, heldStartTime: w.heldStartTime })
    .from(w)
    .where(and(eq(w.clinicId, o.clinicId), eq(w.doctorId, o.doctorId), eq(w.date, o.date), isOpen))
    .orderBy(asc(w.id));
}

/** Closes offers whose hold ran out ('expired'); only those still offered. Answers the entries closed (their reps). */
export async function expireOffers(tx: Write, o: { ids: number[]; now: Date }) {
  if (o.ids.length === 0) return [];
  const rows = await tx
    .update(w)
    .set({ status: 'expired', offerExpiresAt: null, updatedAt: o.now })
    .where(and(inArray(w.id, o.ids), eq(w.status, 'offered')))
    .returning({ id: w.id, repId: w.repId, heldStartTime: w.heldStartTime, clinicId: w.clinicId, doctorId: w.doctorId, date: w.date });
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
  return rows;
}

/** The reps' offers of the doctor's days at any clinic (docs/decisions/050: one running offer per doctor). */
export function listOffersOfReps(db: DbOrTx, o: { repIds: number[]; doctorId: number }) {
  if (o.repIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: w.id, repId: w.repId, status: w.status, offerExpiresAt: w.offerExpiresAt })
    .from(w)
    .where(and(inArray(w.repId, o.repIds), eq(w.doctorId, o.doctorId), eq(w.status, 'offered')));
}

/** The waiting entry is offered a held slot until `offerExpiresAt`; false when it was no longer waiting. */
export async function markOffered(tx: Write, o: { id: number; heldStartTime: string | null; offerExpiresAt: Date; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(w)
    .set({ status: 'offered', offeredAt: o.now, offerExpiresAt: o.offerExpiresAt, heldStartTime: o.heldStartTime, updatedAt: o.now })
    .where(and(eq(w.id, o.id), eq(w.status, 'waiting')))
    .returning(waitlistEntryKeyColumns);
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
  return rows.length === 1;
}

/** Open entries of days before `today` (the line of a day gone): they can no longer be offered anything. */
export async function expirePastEntries(tx: Write, o: { today: string; now: Date }): Promise<number> {
  const rows = await tx
    .update(w)
    .set({ status: 'expired', offerExpiresAt: null, updatedAt: o.now })
    .where(and(isOpen, lt(w.date, o.today)))
    .returning(waitlistEntryKeyColumns);
  // An offer among them held a slot of its day (RETURNING shows the new status only, so every day is named once).
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
  return rows.length;
}

/**
 * The days (today or later) with an offer whose hold ran out, in (clinic, doctor, date) order: the order the sweep
 * takes their locks in, as a clinic's absence takes its doctors' settings rows in doctor order (no crosswise wait).
 */
export function listDaysWithRunOutOffers(db: DbOrTx, o: { today: string; now: Date; limit: number }) {
  return db
    .selectDistinct({ clinicId: w.clinicId, doctorId: w.doctorId, date: w.date })
    .from(w)
    .where(and(isOpen, eq(w.status, 'offered'), gte(w.date, o.today), lte(w.offerExpiresAt, o.now)))
    .orderBy(asc(w.clinicId), asc(w.doctorId), asc(w.date))
    .limit(o.limit);
}
