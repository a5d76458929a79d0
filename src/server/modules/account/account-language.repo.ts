import { eq } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { Write } from '../../db/write';
import { admins, clinicMembers, clinicUsers, medicalReps } from '../../db/schema';
import type { UserType } from '../auth/sessions.service';
import type { Locale } from '../../../shared/i18n/locales';

/** Stores an account's language; false when the account has no row (gone). */
export async function updateAccountLanguage(db: Write, o: { type: UserType; id: number; language: Locale }): Promise<boolean> {
  const table = o.type === 'clinic' ? clinicUsers : o.type === 'medrep' ? medicalReps : admins;
  const rows = await db.update(table).set({ language: o.language }).where(eq(table.id, o.id)).returning({ id: table.id });
  // Sessions are cached with their account's language (plugins/auth.ts): the account's key drops them.
  for (const r of rows) db.changed(cacheKey.account(o.type, r.id));
  return rows.length > 0;
}

/** A clinic team member's own language (docs/decisions/072): stored on the member, never the clinic's. */
export async function updateMemberLanguage(db: Write, o: { memberId: number; language: Locale }): Promise<boolean> {
  const rows = await db.update(clinicMembers).set({ language: o.language }).where(eq(clinicMembers.id, o.memberId)).returning({ id: clinicMembers.id });
  for (const r of rows) db.changed(cacheKey.account('clinic-member', r.id));
  return rows.length > 0;
}
