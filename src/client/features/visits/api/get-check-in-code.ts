import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { CHECK_IN_CODE } from '../../../../shared/booking/visit-status';
import type { CheckInCodeResponse } from '../../../../shared/schemas/visits';
import { visitsKeys } from './keys';

const STEP_MS = CHECK_IN_CODE.stepSeconds * 1000;
/** The least wait before asking again, so a device clock running ahead of the server's cannot ask every second. */
const MIN_REFETCH_MS = 5_000;

export interface CheckInCode {
  code: string;
  /** When this device should show the next code (ms since epoch, this device's clock). */
  deadline: number;
}

/**
 * GET /api/clinic/check-in-code?clinicId=: the reception's code of now (decision 041: a new one every 2 minutes).
 * The wait until `expiresAt` is measured on this device and kept within one step, so a wrong device clock shows a
 * countdown of at most 2 minutes (the previous code is still accepted for one more step anyway).
 */
export async function getCheckInCode(clinicId: number): Promise<CheckInCode> {
  const { code, expiresAt } = await apiFetch<CheckInCodeResponse>(`/api/clinic/check-in-code?clinicId=${clinicId}`);
  const now = Date.now();
  const left = Date.parse(expiresAt) - now;
  return { code, deadline: now + (Number.isFinite(left) ? Math.min(Math.max(left, 0), STEP_MS) : STEP_MS) };
}

/** The code, asked again as it expires (and when the tab comes back into view); not asked while `enabled` is false. */
export function useCheckInCode(clinicId: number, enabled = true) {
  return useQuery({
    queryKey: visitsKeys.checkInCode(clinicId),
    queryFn: () => getCheckInCode(clinicId),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? Math.max(data.deadline - Date.now() + 250, MIN_REFETCH_MS) : false;
    },
  });
}
