import { useGuardedSession } from '../../../components/layout/session-guard';
import type { RepSessionUser } from '../../auth/api/me-fetch';

/** The signed-in rep of /medrep-dashboard, as the area's guard read it (rep-area-policy.tsx). */
export interface RepSession {
  rep: RepSessionUser;
  termsAccepted: boolean;
}

/** The rep a page of the rep area runs with; only valid under the rep area's SessionGuard. */
export function useRepSession(): RepSession {
  return useGuardedSession<RepSession>();
}
