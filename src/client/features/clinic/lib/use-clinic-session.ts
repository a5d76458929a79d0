import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { TIMINGS } from '../../../../shared/constants';
import { useMe, type ClinicSessionUser } from '../../auth/api/get-me';

// Set while the clinic signs out on purpose: the session check then says nothing ('Logged Out' is the toast).
let loggingOut = false;
export function beginClinicLogout(): void {
  loggingOut = true;
}

/**
 * The signed-in clinic, from the server session (issue 3: dashboards trust GET /api/auth/me). Without a clinic
 * session: 'Access Restricted' and back to / after 1.5 s; when the check itself fails: the spec's
 * 'Failed to load your clinic data' and back to / after 2 s (spec part 1, 2 and 9).
 */
export function useClinicSession(): ClinicSessionUser | null {
  const me = useMe();
  const navigate = useNavigate();
  const clinic = me.data?.userType === 'clinic' && me.data.termsAccepted ? me.data.user : null;
  const denied = me.isSuccess && !clinic;
  const failed = me.isError;

  useEffect(
    () => () => {
      loggingOut = false;
    },
    [],
  );

  useEffect(() => {
    if ((!denied && !failed) || loggingOut) return;
    if (denied) toast({ title: 'Access Restricted', description: 'Please login to access the clinic dashboard.', variant: 'destructive' });
    else toast({ title: 'Error', description: 'Failed to load your clinic data. Please login again.', variant: 'destructive' });
    const t = setTimeout(() => void navigate('/'), denied ? TIMINGS.clinicGateRedirectMs : TIMINGS.clinicBadDataRedirectMs);
    return () => clearTimeout(t);
  }, [denied, failed, navigate]);

  return clinic;
}
