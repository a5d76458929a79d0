import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMe, type RepSessionUser } from '../../auth/api/get-me';
import { toast } from '../../../lib/toast';

export type RepSession =
  | { status: 'loading' }
  | { status: 'ready'; rep: RepSessionUser; termsAccepted: boolean }
  | { status: 'signed-out' };

function isRepUser(user: unknown): user is RepSessionUser {
  const u = user as Partial<RepSessionUser> | null;
  return !!u && typeof u.id === 'number' && typeof u.fullName === 'string' && typeof u.email === 'string';
}

/**
 * The signed-in rep, from the SERVER session (spec part 2, 2.1 and 8): nobody signed in gives 'Session Expired',
 * a clinic session or an unreadable answer gives 'Authentication Error'; both go to /medrep-login.
 * `leave()` silences these checks while the page signs out on purpose.
 */
export function useRepSession(): { session: RepSession; leave: () => void } {
  const me = useMe();
  const navigate = useNavigate();
  const leaving = useRef(false);

  let session: RepSession;
  let problem: 'missing' | 'broken' | null = null;
  // A failed refetch keeps the last answer: only an error with no answer at all counts as broken.
  if (me.data === undefined) {
    if (me.isError) {
      session = { status: 'signed-out' };
      problem = 'broken';
    } else session = { status: 'loading' };
  } else if (me.data === null) {
    session = { status: 'signed-out' };
    problem = 'missing';
  } else if (me.data.userType !== 'medrep' || !isRepUser(me.data.user)) {
    session = { status: 'signed-out' };
    problem = 'broken';
  } else session = { status: 'ready', rep: me.data.user, termsAccepted: me.data.termsAccepted };

  useEffect(() => {
    if (!problem || leaving.current) return;
    if (problem === 'missing') toast({ title: 'Session Expired', description: 'Please log in to continue.', variant: 'destructive' });
    else toast({ title: 'Authentication Error', description: 'Please log in again.', variant: 'destructive' });
    void navigate('/medrep-login', { replace: true });
  }, [problem, navigate]);

  return {
    session,
    leave: () => {
      leaving.current = true;
    },
  };
}
