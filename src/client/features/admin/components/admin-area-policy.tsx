import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { ADMIN_UNAUTHORIZED_EVENT } from '../../admin-shared/api/admin-fetch';
import { AdminLoginForm } from '../../admin-auth/components/admin-login-form';
import { useI18n } from '../../../lib/i18n';
import { adminAuthQueries } from '../../admin-auth/api/keys';

/** The guard's wait, said in the active language. */
function AdminSessionSpinner() {
  const { i18n } = useI18n();
  return <SessionSpinner label={i18n._('Checking admin session...')} />;
}

function useAdminSessionCheck(): SessionCheck<true, 'signed-out'> {
  const session = useQuery(adminAuthQueries.session());
  const qc = useQueryClient();
  // Any later 401 of an admin call (30 minutes idle, logout in another tab) shows the password form again.
  useEffect(() => {
    const onUnauthorized = () => qc.setQueryData(adminAuthQueries.session().queryKey, false);
    window.addEventListener(ADMIN_UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(ADMIN_UNAUTHORIZED_EVENT, onUnauthorized);
  }, [qc]);
  if (session.isPending) return { status: 'loading' };
  return session.data === true ? { status: 'ready', session: true } : { status: 'refused', reason: 'signed-out' };
}

/**
 * The admin pages (spec part 2, 2.5 and 2.6): the session lives on the server (httpOnly cookie); on reload the
 * guard asks GET /api/admin/session. Without it the 'Admin Access' password form shows in place of the page.
 */
export const adminAreaPolicy: AreaPolicy<true, 'signed-out'> = {
  useSessionCheck: useAdminSessionCheck,
  loading: <AdminSessionSpinner />,
  refusals: { 'signed-out': { screen: <AdminLoginForm /> } },
};
