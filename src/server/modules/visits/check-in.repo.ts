import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Write } from '../../db/write';
import { appointmentKeyColumns } from '../../db/write-keys';
import { keysOfAppointment } from '../../cache/cache-keys';
import { isoInstant } from '../../db/query-tools';
import { clinicCheckInSecrets, doctorAppointments, rateLimitCounters } from '../../db/schema';

// Queries of the reception's check-in (docs/decisions/041-visit-outcomes-and-proof.md): the clinic's TOTP secret, the
// rep's visit, its check-in, and the count of the rep's wrong codes.

/** The clinic's check-in secret (base32), or null when it has none yet. */
export async function findCheckInSecret(db: DbOrTx, clinicId: number): Promise<string | null> {
  const [row] = await db.select({ secret: clinicCheckInSecrets.secret }).from(clinicCheckInSecrets).where(eq(clinicCheckInSecrets.clinicId, clinicId)).limit(1);
  return row?.secret ?? null;
}

/**
 * Keeps `secret` as the clinic's unless it has one already, and answers the one kept: two instances making it at once
 * agree on the first one written.
 */
export async function ensureCheckInSecret(db: Db, o: { clinicId: number; secret: string }): Promise<string> {
  await db.insert(clinicCheckInSecrets).values(o).onConflictDoNothing();
  return (await findCheckInSecret(db, o.clinicId))!;
}

/** Serialises one rep's check-ins (counting wrong codes included) for the rest of the transaction. */
export async function lockRepCheckIns(tx: Tx, repId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('check-in'), ${repId}::int)`);
}

/** The rep's own visit, locked for the rest of the transaction; null when there is none of that id for this rep. */
export async function lockRepVisit(tx: Tx, o: { id: number; repId: number }) {
  const [row] = await tx
    .select({
      id: doctorAppointments.id,
      clinicId: doctorAppointments.clinicId,
      doctorId: doctorAppointments.doctorId,
      repId: doctorAppointments.repId,
      date: doctorAppointments.appointmentDate,
      status: doctorAppointments.status,
      checkedInAt: isoInstant(doctorAppointments.checkedInAt),
      bookedAt: doctorAppointments.bookedAt,
    })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .for('update');
  return row ?? null;
}

/**
 * Writes the check-in of an active visit not yet checked in, `at` the instant typed and `now` the instant it reached the
 * server; false when it was neither (ARCHITECTURE rule 5).
 */
export async function markCheckedIn(tx: Write, o: { id: number; at: Date; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(doctorAppointments)
    .set({ checkedInAt: o.at, checkInReceivedAt: o.now, updatedAt: o.now })
    .where(and(eq(doctorAppointments.id, o.id), inArray(doctorAppointments.status, ['booked', 'confirmed']), isNull(doctorAppointments.checkedInAt)))
    .returning(appointmentKeyColumns);
  for (const row of rows) tx.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

// The wrong codes are counted in rate_limit_counters, the rate limits' shared table (decision 012), on both databases:
// a check-in must read the count before it tries a code, which the rate-limit plugin's counters cannot do. The
// nightly purge deletes ended windows.

/** The hits of a counter whose window has not ended at `now`, and the milliseconds left of that window. */
export async function readCounter(db: DbOrTx, o: { key: string; now: Date }): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, endsAt: rateLimitCounters.windowEndsAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, o.key), gt(rateLimitCounters.windowEndsAt, o.now)))
    .limit(1);
  return row ? { hits: row.hits, ttlMs: row.endsAt.getTime() - o.now.getTime() } : { hits: 0, ttlMs: 0 };
}

/** One more hit on a counter; a window that has ended starts again at 1 (as the rate-limit store counts). */
export async function countHit(db: DbOrTx, o: { key: string; now: Date; windowMs: number }): Promise<number> {
  const endsAt = new Date(o.now.getTime() + o.windowMs);
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: o.key, hits: 1, windowEndsAt: endsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.windowEndsAt} <= ${now} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= ${now} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits });
  return row!.hits;
}
