import { desc, eq, sql } from 'drizzle-orm';
import { securityEvents } from '../../db/schema';
import type { Write } from '../../db/write';

/**
 * When the last restart was accepted (the newest 'admin_restart' security event), read under a lock held to the
 * write's end: two clicks at once, on one instance or two, are decided one after the other.
 */
export async function lastRestartAtLocked(w: Write): Promise<Date | null> {
  await w.execute(sql`select pg_advisory_xact_lock(hashtext('repvisit:admin-restart'))`);
  const [last] = await w
    .select({ at: securityEvents.timestamp })
    .from(securityEvents)
    .where(eq(securityEvents.eventType, 'admin_restart'))
    .orderBy(desc(securityEvents.timestamp))
    .limit(1);
  return last?.at ?? null;
}
