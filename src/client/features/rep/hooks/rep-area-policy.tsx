import { SessionSpinner, type AreaPolicy, type SessionCheck } from '../../../components/layout/session-guard';
import { useMe, type RepSessionUser } from '../../auth/api/get-me';
import type { RepSession } from './use-rep-session';

type Refused = 'missing' | 'broken';

function isRepUser(user: unknown): user is RepSessionUser {
  const u = user as Partial<RepSessionUser> | null;
  return !!u && typeof u.id === 'number' && typeof u.fullName === 'string' && typeof u.email === 'string';
}

function useRepSessionCheck(): SessionCheck<RepSession, Refused> {
  const me = useMe();
  // A failed refetch keeps the last answer: only an error with no answer at all counts as broken.
  if (me.data === undefined) return me.isError ? { status: 'refused', reason: 'broken' } : { status: 'loading' };
  // "Nobody signed in" is final only once it is fresh: an old answer being refetched (after a login) waits.
  if (me.data === null) return me.isFetching ? { status: 'loading' } : { status: 'refused', reason: 'missing' };
  if (me.data.userType !== 'medrep' || !isRepUser(me.data.user)) return { status: 'refused', reason: 'broken' };
  return { status: 'ready', session: { rep: me.data.user, termsAccepted: me.data.termsAccepted } };
}

const noUserData = (
  <main id="main" className="flex min-h-screen items-center justify-center p-6">
    <p role="alert" className="text-slate-700 dark:text-slate-200">
      No user data found. Please log in again.
    </p>
  </main>
);

/**
 * The rep area, from the SERVER session (spec part 2, 2.1 and 8): nobody signed in gives 'Session Expired', a
 * clinic session or an unreadable answer gives 'Authentication Error'; both go to /medrep-login at once.
 */
export const repAreaPolicy: AreaPolicy<RepSession, Refused> = {
  useSessionCheck: useRepSessionCheck,
  loading: <SessionSpinner label="Loading your dashboard..." fullHeight />,
  refusals: {
    missing: {
      toast: { title: 'Session Expired', description: 'Please log in to continue.' },
      redirect: { to: '/medrep-login', replace: true },
      screen: noUserData,
    },
    broken: {
      toast: { title: 'Authentication Error', description: 'Please log in again.' },
      redirect: { to: '/medrep-login', replace: true },
      screen: noUserData,
    },
  },
};
