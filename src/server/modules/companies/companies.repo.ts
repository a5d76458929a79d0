import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyAccounts } from '../../db/schema';

// The queries of a pharma company's own account (docs/decisions/087-company-accounts.md). Registration, sign-in and
// password reset are the accounts area's (modules/auth), as for clinics and reps.

/** A company's profile as its own screens show it: no password, code or link hash. */
export async function findCompanyProfile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: companyAccounts.id,
      companyName: companyAccounts.companyName,
      contactName: companyAccounts.contactName,
      email: companyAccounts.email,
      phone: companyAccounts.phone,
      gstin: companyAccounts.gstin,
      verified: companyAccounts.verified,
      termsAccepted: companyAccounts.termsAccepted,
    })
    .from(companyAccounts)
    .where(eq(companyAccounts.id, id))
    .limit(1);
  return row;
}
