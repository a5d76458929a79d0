import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Write } from '../../db/write';
import { waitlistEntryKeyColumns } from '../../db/write-keys';
import { keysOfWaitlistEntry } from '../../cache/cache-keys';
import { clinicUsers, doctors, waitlistEntries } from '../../db/schema';

// Queries of the waitlist (docs/decisions/043; ARCHITECTURE: repo = queries only).

const w = waitlistEntries;
/** The predicate of the partial indexes on open entries, word for word (constants, not parameters). */
const isOpen = sql`${w.status} in ('waiting', 'offered')`;

const entryColumns = {
  id: w.id,
  repId: w.repId,
  doctorId: w.doctorId,
  clinicId: w.clinicId,
  date: w.date,
  status: w.status,
  offerExpiresAt: w.offerExpiresAt,
  heldStartTime: w.heldStartTime,
};

/** A new waiting entry; null when the rep already has an open place in that day's line (the partial unique index). */
export async function insertWaitingEntry(tx: Write, o: { repId: number; doctorId: number; clinicId: number; date: string; now: Date }) {
  const [row] = await tx
    .insert(w)
    .values({ repId: o.repId, doctorId: o.doctorId, clinicId: o.clinicId, date: o.date, status: 'waiting', createdAt: o.now, updatedAt: o.now })
    .onConflictDoNothing()
    .returning({ id: w.id, clinicId: w.clinicId, doctorId: w.doctorId, date: w.date });
  if (row) tx.changed(...keysOfWaitlistEntry(row));
  return row ?? null;
}

/** The rep's open entry in a day's line, if any. */
export async function findOpenEntry(db: DbOrTx, o: { repId: number; doctorId: number; clinicId: number; date: string }) {
  const [row] = await db
    .select({ id: w.id, status: w.status })
    .from(w)
    .where(and(eq(w.repId, o.repId), eq(w.clinicId, o.clinicId), eq(w.doctorId, o.doctorId), eq(w.date, o.date), isOpen))
    .limit(1);
  return row ?? null;
}

/** The rep's entry (any status); null when it is not the rep's. `lock`: FOR UPDATE (read again under the day lock). */
export async function findRepEntry(tx: Tx, o: { id: number; repId: number; lock?: boolean }) {
  const query = tx
    .select(entryColumns)
    .from(w)
    .where(and(eq(w.id, o.id), eq(w.repId, o.repId)));
  const [row] = o.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Waiting entries of a day before and including `id`: the entry's place in line. */
export async function countWaitingUpTo(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string; id: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(w)
    .where(and(eq(w.clinicId, o.clinicId), eq(w.doctorId, o.doctorId), eq(w.date, o.date), isOpen, eq(w.status, 'waiting'), lte(w.id, o.id)));
  return row?.n ?? 0;
}

/** The rep passed on a running offer; false when it was no longer offered. */
export async function markDeclined(tx: Write, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(w)
    .set({ status: 'declined', offerExpiresAt: null, updatedAt: o.now })
    .where(and(eq(w.id, o.id), eq(w.status, 'offered')))
    .returning(waitlistEntryKeyColumns);
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
  return rows.length === 1;
}

/** The offer was taken up: the entry records the visit it became. */
export async function markAccepted(tx: Write, o: { id: number; appointmentId: number; now: Date }): Promise<void> {
  const rows = await tx
    .update(w)
    .set({ status: 'accepted', appointmentId: o.appointmentId, offerExpiresAt: null, updatedAt: o.now })
    .where(eq(w.id, o.id))
    .returning(waitlistEntryKeyColumns);
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
}

/**
 * Accepting an offer gives up the rep's other places in the lines of that doctor's days, at any clinic
 * (docs/decisions/050): the rep has their visit. Answers the entries released.
 */
export async function releaseOtherEntries(tx: Write, o: { repId: number; doctorId: number; exceptId: number }) {
  const rows = await tx
    .delete(w)
    .where(and(eq(w.repId, o.repId), eq(w.doctorId, o.doctorId), isOpen, ne(w.id, o.exceptId)))
    .returning({ id: w.id, clinicId: w.clinicId, doctorId: w.doctorId, date: w.date, status: w.status });
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
  return rows;
}

export async function deleteEntry(tx: Write, id: number): Promise<void> {
  const rows = await tx.delete(w).where(eq(w.id, id)).returning(waitlistEntryKeyColumns);
  for (const row of rows) tx.changed(...keysOfWaitlistEntry(row));
}

/**
 * The rep's entries from `fromDate` on, any status, with the names My Appointments shows and each waiting entry's place
 * in its day's line (a probe of waitlist_entries_day_idx per row), soonest day first; at most `limit`.
 */
export function listRepEntries(db: DbOrTx, o: { repId: number; fromDate: string; limit: number }) {
  const ahead = sql<number | null>`case when ${w.status} = 'waiting' then (select count(*)::int from ${w} as line
      where line.clinic_id = ${w.clinicId} and line.doctor_id = ${w.doctorId} and line.date = ${w.date}
        and line.status in ('waiting', 'offered') and line.status = 'waiting' and line.id <= ${w.id}) end`;
  return db
    .select({ ...entryColumns, position: ahead, doctorName: doctors.name, doctorSpecialty: doctors.specialty, clinicName: clinicUsers.clinicName })
    .from(w)
    .innerJoin(doctors, eq(doctors.id, w.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, w.clinicId))
    .where(and(eq(w.repId, o.repId), gte(w.date, o.fromDate)))
    .orderBy(asc(w.date), asc(w.id))
    .limit(o.limit);
}
