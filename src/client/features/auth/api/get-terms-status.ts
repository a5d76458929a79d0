import { apiFetch } from '../../../lib/api';
import type { TermsStatusResponse, AccountKind as AccountType } from '../../../../shared/schemas/auth';

/** GET /api/terms-status/{userType}/{userId}; a failed check counts as not accepted (spec part 1, 4). */
export async function getTermsStatus(userType: AccountType, userId: number): Promise<boolean> {
  try {
    const answer = await apiFetch<TermsStatusResponse>(`/api/terms-status/${userType}/${userId}`);
    return answer.termsAccepted === true;
  } catch {
    return false;
  }
}
