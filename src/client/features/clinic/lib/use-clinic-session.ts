import { useGuardedSession } from '../../../components/layout/session-guard';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';

/** The signed-in clinic a page of the clinic area runs with; only valid under the clinic area's SessionGuard. */
export function useClinicSession(): ClinicSessionUser {
  return useGuardedSession<ClinicSessionUser>();
}
