import { useState, type ReactNode } from 'react';
import type { UserKind } from '../../../../shared/schemas/auth';
import { getTermsStatus } from '../api/get-terms-status';
import { TermsDialog } from '../components/terms-dialog';

/**
 * spec part 1, 4: after the credentials are accepted, ask whether the terms were accepted; if not (or if the
 * check fails), show the Legal Agreements Required dialog. `complete` runs once the terms stand accepted
 * (`afterDialog` tells whether the user just accepted them); `declined` runs after Decline signed out.
 */
export function useTermsGate<U extends { id: number }>(opts: {
  userType: UserKind;
  complete: (user: U, afterDialog: boolean) => void;
  declined: () => void;
}): { gate: (user: U) => Promise<void>; dialog: ReactNode; waiting: boolean } {
  const [pendingUser, setPendingUser] = useState<U | null>(null);
  const gate = async (user: U) => {
    if (await getTermsStatus(opts.userType, user.id)) opts.complete(user, false);
    else setPendingUser(user);
  };
  const dialog = pendingUser ? (
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
  ) : null;
  return { gate, dialog, waiting: pendingUser !== null };
}
