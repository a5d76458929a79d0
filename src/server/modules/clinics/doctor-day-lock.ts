import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Serialises every change to one doctor's day at one clinic (booking, cancelling the day's calls) inside the
 * caller's transaction: a transaction-scoped advisory lock, released at commit or rollback. A booking racing
 * "cancel today's calls" therefore either commits first (and is cancelled with the others) or runs after the
 * cancellation (docs/decisions/007-clinic-doctors-and-day-cancellation.md). Booking code takes the same lock with the same key.
 */
export async function lockDoctorDay(tx: Tx, key: { clinicId: number; doctorId: number; date: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key.doctorId}::int, hashtext(${`${key.clinicId}:${key.date}`}))`);
}
