import { useState } from 'react';
import type { UserKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useAcceptTerms } from '../api/accept-terms';
import { useLogout } from '../api/logout';

const legalLinks = [
  { href: '/terms-and-conditions', label: 'Terms and Conditions' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/cookies-policy', label: 'Cookies Policy' },
] as const;

function LegalLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-teal-700 underline underline-offset-2 dark:text-teal-300">
      {label}
    </a>
  );
}

/**
 * The Legal Agreements Required dialog (spec part 1, 2 and 4): shown after the credentials are accepted when
 * the account has not accepted the terms. Accept needs both boxes; it cannot be dismissed by clicking outside.
 * Decline ends the session on the server before telling the form.
 */
export function TermsDialog({
  open,
  userType,
  userId,
  onAccepted,
  onDeclined,
}: {
  open: boolean;
  userType: UserKind;
  userId: number;
  onAccepted: () => void;
  onDeclined: () => void;
}) {
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const accept = useAcceptTerms();
  const logout = useLogout();

  const reset = () => {
    setTerms(false);
    setPrivacy(false);
  };

  const onAccept = () =>
    accept.mutate(
      { userId, userType },
      {
        onSuccess: () => {
          toast({ title: 'Terms Accepted', description: 'Thank you for accepting our terms and conditions.', variant: 'success' });
          reset();
          onAccepted();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to accept terms. Please try again.', variant: 'destructive' }),
      },
    );

  const onDecline = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        reset();
        onDeclined();
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title="Legal Agreements Required"
      description="Before you continue, please read and accept our legal agreements."
    >
      <div className="grid gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Please review our <LegalLink {...legalLinks[0]} />, <LegalLink {...legalLinks[1]} /> and <LegalLink {...legalLinks[2]} />. Each opens in a new tab.
        </p>
        <div className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <Checkbox checked={terms} onCheckedChange={setTerms} label="I have read and agree to the Terms and Conditions" />
          <Checkbox checked={privacy} onCheckedChange={setPrivacy} label="I have read and agree to the Privacy Policy" />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDecline} loading={logout.isPending} disabled={accept.isPending}>
            Decline
          </Button>
          <Button onClick={onAccept} disabled={!(terms && privacy) || logout.isPending} loading={accept.isPending}>
            Accept
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
