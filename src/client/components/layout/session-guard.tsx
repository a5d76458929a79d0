import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useNavigate, useOutletContext } from 'react-router';
import { toast, type ToastVariant } from '../../lib/toast';
import { Spinner } from '../ui/spinner';

/** Where a signed-in area's session check stands. `reason` names the kind of refusal (the policy's `refusals`). */
export type SessionCheck<S, R extends string> = { status: 'loading' } | { status: 'ready'; session: S } | { status: 'refused'; reason: R };

/** What a visitor gets who may not enter: a toast, then a redirect (after `afterMs`), and meanwhile a screen. */
export interface Refusal {
  toast?: { title: string; description: string; variant?: ToastVariant };
  redirect?: { to: string; afterMs?: number; replace?: boolean };
  /** Shown in place of the area (a message, a spinner while the redirect waits, or a login form). */
  screen: ReactNode;
}

/** One signed-in area (rep dashboard, clinic dashboard, admin pages): how to read its session and whom to refuse. */
export interface AreaPolicy<S, R extends string> {
  /** A hook: the area's session as the server sees it. */
  useSessionCheck: () => SessionCheck<S, R>;
  /** Shown while the session is being read. */
  loading: ReactNode;
  refusals: Record<R, Refusal>;
}

// Set while the user signs out on purpose: the check then says nothing (the sign-out has its own toast and route).
let leaving = false;
/** Silences the guard's refusal until the area is left (call it when the user logs out or declines the terms). */
export function leaveSignedInArea(): void {
  leaving = true;
}

/**
 * The one guard of the signed-in areas (decision 019): the area's pages render (with the session as their outlet
 * context) only once its policy says the session is there; otherwise the policy's refusal (spec part 1, 2 and 9;
 * part 2, 2, 2.1 and 2.5).
 */
export function SessionGuard<S, R extends string>({ policy }: { policy: AreaPolicy<S, R> }) {
  const check = policy.useSessionCheck();
  const navigate = useNavigate();
  const reason = check.status === 'refused' ? check.reason : null;
  const refusal = reason === null ? null : policy.refusals[reason];
  const shown = useRef<R | null>(null);

  useEffect(
    () => () => {
      leaving = false;
    },
    [],
  );

  useEffect(() => {
    if (reason === null) shown.current = null;
    if (reason === null || refusal === null || leaving) return;
    // StrictMode runs effects twice; the toast is said once per refusal.
    if (refusal.toast && shown.current !== reason) toast({ variant: 'destructive', ...refusal.toast });
    shown.current = reason;
    const redirect = refusal.redirect;
    if (!redirect) return;
    const go = () => void navigate(redirect.to, { replace: redirect.replace });
    if (!redirect.afterMs) return go();
    const t = setTimeout(go, redirect.afterMs);
    return () => clearTimeout(t);
  }, [reason, refusal, navigate]);

  if (check.status === 'ready') return <Outlet context={check.session} />;
  return <>{refusal ? refusal.screen : policy.loading}</>;
}

/** The centred spinner areas show while their session is read. */
export function SessionSpinner({ label, fullHeight = false }: { label: string; fullHeight?: boolean }) {
  return (
    <main id="main" className={`flex ${fullHeight ? 'min-h-screen' : 'min-h-[60vh]'} items-center justify-center p-6`}>
      <Spinner label={label} />
    </main>
  );
}

/** The session a page of a guarded area runs with (set by SessionGuard). */
export function useGuardedSession<S>(): S {
  return useOutletContext<S>();
}
