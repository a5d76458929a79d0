import type { AvailabilityResponse, CheckAvailability } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

export type AvailabilityField = CheckAvailability['field'];
export interface AvailabilityAnswer extends AvailabilityResponse {
  /** True when the check itself failed and the value is treated as available (spec part 1, 5). */
  failed?: boolean;
}

const failureMessage: Record<AvailabilityField, string> = {
  email: /*i18n*/ 'Error checking email availability',
  phone: /*i18n*/ 'Error checking phone availability',
};

/**
 * POST /api/check-availability; a failed check counts as available with the spec's message. A phone is checked with
 * the e-mail typed beside it when there is one: a number of that e-mail's own pending registration is not another
 * account's (docs/decisions/036).
 */
export async function checkAvailability(field: AvailabilityField, value: string, email?: string): Promise<AvailabilityAnswer> {
  try {
    return await apiFetch<AvailabilityResponse>('/api/check-availability', { body: { field, value, ...(email ? { email } : {}) } });
  } catch {
    return { available: true, message: failureMessage[field], failed: true };
  }
}
