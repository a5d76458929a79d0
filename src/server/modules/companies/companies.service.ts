import type { CompanyMeResponse } from '../../../shared/schemas/auth';
import type { Deps } from '../../deps';
import { unauthorized } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { findCompanyProfile } from './companies.repo';

// A pharma company's own account (docs/decisions/087-company-accounts.md): for now its profile, with whether an admin
// has verified the company.

/** GET /api/company/me: the signed-in company (the guard has checked the session is a company's). */
export async function getCompanyProfile(deps: Pick<Deps, 'db'>, o: { actor: Actor }): Promise<CompanyMeResponse> {
  // A session of another kind never reads a company by its own id, whatever guard a later route forgets.
  if (o.actor.type !== 'company') throw unauthorized();
  const row = await findCompanyProfile(deps.db, o.actor.id);
  // Deleted since the session was read: signed out, as the other kinds are.
  if (!row) throw unauthorized();
  const { termsAccepted, ...user } = row;
  return { user, termsAccepted };
}
