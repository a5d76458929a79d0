import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cacheKey } from '../../cache/cache-keys';
import { clinicUsers, sessions } from '../../db/schema';
import type { Write } from '../../db/write';

// The clinic account's own reads and writes (docs/decisions/062-one-write-path.md: a repo writer names the keys of what it wrote).

/** The clinic's account row (its password hash too: for the account's own checks only). */
export async function findClinic(db: DbOrTx, clinicId: number) {
  const [row] = await db.select().from(clinicUsers).where(eq(clinicUsers.id, clinicId)).limit(1);
  return row ?? null;
}

/**
 * The clinic's new password; its other sessions end (`keepSessionId` stays). The account's key drops them on every
 * instance (a cached session is tagged with its account, decision 016).
 */
export async function setClinicPassword(w: Write, o: { clinicId: number; hash: string; keepSessionId: string; now: Date }): Promise<void> {
  await w.update(clinicUsers).set({ password: o.hash, updatedAt: o.now }).where(eq(clinicUsers.id, o.clinicId));
  // The owner's other sessions; the team members' own sessions stay (their passwords are their own; decision 072).
  await w
    .delete(sessions)
    .where(and(eq(sessions.userType, 'clinic'), eq(sessions.userId, o.clinicId), isNull(sessions.memberId), ne(sessions.id, o.keepSessionId)));
  w.changed(cacheKey.account('clinic', o.clinicId));
}

/** The clinic's notification switches; null when there is no such clinic. */
export async function updateClinicPreferences(w: Write, o: { clinicId: number; emailNotifications: boolean; smsNotifications: boolean; now: Date }) {
  const [saved] = await w
    .update(clinicUsers)
    .set({ emailNotifications: o.emailNotifications, smsNotifications: o.smsNotifications, updatedAt: o.now })
    .where(eq(clinicUsers.id, o.clinicId))
    .returning({
      emailNotifications: clinicUsers.emailNotifications,
      smsNotifications: clinicUsers.smsNotifications,
      whatsappNumber: clinicUsers.whatsappNumber,
    });
  return saved ?? null;
}
