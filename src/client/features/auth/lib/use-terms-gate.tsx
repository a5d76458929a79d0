import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AccountKind } from '../../../../shared/schemas/auth';
import { getTermsStatus } from '../api/get-terms-status';

// The dialog (with Radix's Dialog, the sign-out and the device data it clears) is for the few who have not accepted
// the terms: it loads when a login's credentials are accepted, beside the terms check, not with every login form
// (decision 081).
const loadTermsDialog = () => import('../components/terms-dialog');
const TermsDialog = lazy(() => loadTermsDialog().then((m) => ({ default: m.TermsDialog })));

/**
 * spec part 1, 4: after the credentials are accepted, ask whether the terms were accepted; if not (or if the
 * check fails), show the Legal Agreements Required dialog. `complete` runs once the terms stand accepted
 * (`afterDialog` tells whether the user just accepted them); `declined` runs after Decline signed out.
 */
export function useTermsGate<U extends { id: number }>(opts: {
  userType: AccountKind;
  complete: (user: U, afterDialog: boolean) => void;
  declined: () => void;
}): { gate: (user: U) => Promise<void>; dialog: ReactNode; waiting: boolean } {
  const [pendingUser, setPendingUser] = useState<U | null>(null);
  const gate = async (user: U) => {
    void loadTermsDialog();
    if (await getTermsStatus(opts.userType, user.id)) opts.complete(user, false);
    else setPendingUser(user);
  };
  const dialog = pendingUser ? (
    <Suspense fallback={null}>
      <TermsDialog
        open
        userType={opts.userType}
        userId={pendingUser.id}
        onAccepted={() => {
          setPendingUser(null);
          opts.complete(pendingUser, true);
        }}
        onDeclined={() => {
          setPendingUser(null);
          opts.declined();
        }}
      />
    </Suspense>
  ) : null;
  return { gate, dialog, waiting: pendingUser !== null };
}
