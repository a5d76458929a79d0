import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins, clinicUsers, medicalReps } from '../../db/schema';
import type { UserType } from '../auth/sessions.service';
import type { Locale } from '../../../shared/i18n/locales';

/** Stores an account's language; false when the account has no row (gone). */
export async function updateAccountLanguage(db: DbOrTx, o: { type: UserType; id: number; language: Locale }): Promise<boolean> {
  const table = o.type === 'clinic' ? clinicUsers : o.type === 'medrep' ? medicalReps : admins;
  const rows = await db.update(table).set({ language: o.language }).where(eq(table.id, o.id)).returning({ id: table.id });
  return rows.length > 0;
}
