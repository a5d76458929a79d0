import { useQuery } from '@tanstack/react-query';
import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { i18n, useI18n } from '../../../lib/i18n';
import { TIMINGS } from '../../../../shared/constants';
import { authQueries } from '../../auth/api/keys';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';

type Refused = 'denied' | 'failed';

function useClinicSessionCheck(): SessionCheck<ClinicSessionUser, Refused> {
  const me = useQuery(authQueries.me());
  if (me.data === undefined) return me.isError ? { status: 'refused', reason: 'failed' } : { status: 'loading' };
  if (me.data?.userType === 'clinic' && me.data.termsAccepted) return { status: 'ready', session: me.data.user };
  // "Nobody signed in" is final only once it is fresh: an old answer being refetched (after a login) waits.
  if (me.isFetching) return { status: 'loading' };
  return { status: 'refused', reason: 'denied' };
}

function ClinicSpinner() {
  useI18n(); // worded again when the language changes
  return <SessionSpinner label={i18n._('Loading your clinic dashboard...')} />;
}

const spinner = <ClinicSpinner />;

/**
 * The clinic area, from the server session (dashboards trust GET /api/auth/me). Without a clinic session:
 * 'Access Restricted' and back to / after 1.5 s; when the check itself fails: the spec's 'Failed to load your
 * clinic data' and back to / after 2 s (spec part 1, 2 and 9).
 */
export const clinicAreaPolicy: AreaPolicy<ClinicSessionUser, Refused> = {
  useSessionCheck: useClinicSessionCheck,
  loading: spinner,
  refusals: {
    denied: {
      // Getters: the toast is worded when it is shown, in the language of that moment.
      toast: {
        get title() {
          return i18n._('Access Restricted');
        },
        get description() {
          return i18n._('Please login to access the clinic dashboard.');
        },
      },
      redirect: { to: '/', afterMs: TIMINGS.clinicGateRedirectMs },
      screen: spinner,
    },
    failed: {
      toast: {
        get title() {
          return i18n._('Error');
        },
        get description() {
          return i18n._('Failed to load your clinic data. Please login again.');
        },
      },
      redirect: { to: '/', afterMs: TIMINGS.clinicBadDataRedirectMs },
      screen: spinner,
    },
  },
};
