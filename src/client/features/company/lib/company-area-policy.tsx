import { useQuery } from '@tanstack/react-query';
import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { i18n, useI18n } from '../../../lib/i18n';
import type { CompanyUser } from '../../../../shared/schemas/auth';
import { authQueries } from '../../auth/api/keys';

type Refused = 'denied';

function useCompanySessionCheck(): SessionCheck<CompanyUser, Refused> {
  const me = useQuery(authQueries.me());
  if (me.data === undefined) return me.isError ? { status: 'refused', reason: 'denied' } : { status: 'loading' };
  if (me.data?.userType === 'company' && me.data.termsAccepted) return { status: 'ready', session: me.data.user };
  // "Nobody signed in" is final only once it is fresh: an old answer being refetched (after a login) waits.
  if (me.isFetching) return { status: 'loading' };
  return { status: 'refused', reason: 'denied' };
}

function CompanySpinner() {
  useI18n(); // worded again when the language changes
  return <SessionSpinner label={i18n._('Loading your company dashboard...')} />;
}

const spinner = <CompanySpinner />;

/** The company's area (docs/decisions/087), from the server session: without a company's session, to /company-login. */
export const companyAreaPolicy: AreaPolicy<CompanyUser, Refused> = {
  useSessionCheck: useCompanySessionCheck,
  loading: spinner,
  refusals: {
    denied: {
      toast: {
        get title() {
          return i18n._('Access Restricted');
        },
        get description() {
          return i18n._('Please login to access the company dashboard.');
        },
      },
      redirect: { to: '/company-login', replace: true },
      screen: spinner,
    },
  },
};
