import { useQuery } from '@tanstack/react-query';
import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { i18n, useI18n } from '../../../lib/i18n';
import type { DoctorUser } from '../../../../shared/schemas/auth';
import { authQueries } from '../../auth/api/keys';

type Refused = 'denied';

function useDoctorSessionCheck(): SessionCheck<DoctorUser, Refused> {
  const me = useQuery(authQueries.me());
  if (me.data === undefined) return me.isError ? { status: 'refused', reason: 'denied' } : { status: 'loading' };
  if (me.data?.userType === 'doctor') return { status: 'ready', session: me.data.user };
  if (me.isFetching) return { status: 'loading' };
  return { status: 'refused', reason: 'denied' };
}

function DoctorSpinner() {
  useI18n(); // worded again when the language changes
  return <SessionSpinner label={i18n._('Loading your day...')} />;
}

const spinner = <DoctorSpinner />;

/** The doctor's area (docs/decisions/073), from the server session: without a doctor's session, to /doctor-login. */
export const doctorAreaPolicy: AreaPolicy<DoctorUser, Refused> = {
  useSessionCheck: useDoctorSessionCheck,
  loading: spinner,
  refusals: {
    denied: {
      toast: {
        get title() {
          return i18n._('Access Restricted');
        },
        get description() {
          return i18n._('Please sign in with your doctor login.');
        },
      },
      redirect: { to: '/doctor-login', replace: true },
      screen: spinner,
    },
  },
};
