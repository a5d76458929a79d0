import { useQuery } from '@tanstack/react-query';
import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { i18n, useI18n } from '../../../lib/i18n';
import { authQueries } from '../../auth/api/keys';
import type { RepSessionUser } from '../../auth/api/me-fetch';
import type { RepSession } from './use-rep-session';

type Refused = 'missing' | 'broken';

function isRepUser(user: unknown): user is RepSessionUser {
  const u = user as Partial<RepSessionUser> | null;
  return !!u && typeof u.id === 'number' && typeof u.fullName === 'string' && typeof u.email === 'string';
}

function useRepSessionCheck(): SessionCheck<RepSession, Refused> {
  const me = useQuery(authQueries.me());
  // A failed refetch keeps the last answer: only an error with no answer at all counts as broken.
  if (me.data === undefined) return me.isError ? { status: 'refused', reason: 'broken' } : { status: 'loading' };
  // "Nobody signed in" is final only once it is fresh: an old answer being refetched (after a login) waits.
  if (me.data === null) return me.isFetching ? { status: 'loading' } : { status: 'refused', reason: 'missing' };
  if (me.data.userType !== 'medrep' || !isRepUser(me.data.user)) return { status: 'refused', reason: 'broken' };
  return { status: 'ready', session: { rep: me.data.user, termsAccepted: me.data.termsAccepted } };
}

function NoUserData() {
  useI18n(); // re-rendered in a newly chosen language
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <p role="alert" className="text-slate-700 dark:text-slate-200">
        {i18n._('No user data found. Please log in again.')}
      </p>
    </main>
  );
}
const noUserData = <NoUserData />;

function DashboardLoading() {
  useI18n(); // re-rendered in a newly chosen language
  return <SessionSpinner label={i18n._('Loading your dashboard...')} fullHeight />;
}

/**
 * The rep area, from the SERVER session (spec part 2, 2.1 and 8): nobody signed in gives 'Session Expired', a
 * clinic session or an unreadable answer gives 'Authentication Error'; both go to /medrep-login at once. The toasts
 * are read when shown (getters), so they are in the language active then.
 */
export const repAreaPolicy: AreaPolicy<RepSession, Refused> = {
  useSessionCheck: useRepSessionCheck,
  loading: <DashboardLoading />,
  refusals: {
    missing: {
      get toast() {
        return { title: i18n._('Session Expired'), description: i18n._('Please log in to continue.') };
      },
      redirect: { to: '/medrep-login', replace: true },
      screen: noUserData,
    },
    broken: {
      get toast() {
        return { title: i18n._('Authentication Error'), description: i18n._('Please log in again.') };
      },
      redirect: { to: '/medrep-login', replace: true },
      screen: noUserData,
    },
  },
};
