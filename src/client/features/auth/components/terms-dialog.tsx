import { useState } from 'react';
import type { AccountKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useAcceptTerms } from '../api/accept-terms';
import { useLogout } from '../api/logout';

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
  userType: AccountKind;
  userId: number;
  onAccepted: () => void;
  onDeclined: () => void;
}) {
  const { i18n } = useI18n();
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
          toast({ title: i18n._('Terms Accepted'), description: i18n._('Thank you for accepting our terms and conditions.'), variant: 'success' });
          reset();
          onAccepted();
        },
        onError: () => toast({ title: i18n._('Error'), description: i18n._('Failed to accept terms. Please try again.'), variant: 'destructive' }),
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
      title={i18n._('Legal Agreements Required')}
      description={i18n._('Before you continue, please read and accept our legal agreements.')}
    >
      <div className="grid gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {richText(
            i18n._(
              'Please review our <terms>Terms and Conditions</terms>, <privacy>Privacy Policy</privacy> and <cookies>Cookies Policy</cookies>. Each opens in a new tab.',
            ),
            {
              terms: (text) => <LegalLink href="/terms-and-conditions" label={text} />,
              privacy: (text) => <LegalLink href="/privacy-policy" label={text} />,
              cookies: (text) => <LegalLink href="/cookies-policy" label={text} />,
            },
          )}
        </p>
        <div className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <Checkbox checked={terms} onCheckedChange={setTerms} label={i18n._('I have read and agree to the Terms and Conditions')} />
          <Checkbox checked={privacy} onCheckedChange={setPrivacy} label={i18n._('I have read and agree to the Privacy Policy')} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDecline} loading={logout.isPending} disabled={accept.isPending}>
            {i18n._('Decline')}
          </Button>
          <Button onClick={onAccept} disabled={!(terms && privacy) || logout.isPending} loading={accept.isPending}>
            {i18n._('Accept')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
