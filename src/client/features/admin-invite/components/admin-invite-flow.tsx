import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import type { InviteAcceptResponse } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { InvitePasswordStep } from './invite-password-step';
import { InviteTwoFactorStep } from './invite-two-factor-step';
import { RecoveryCodesStep } from './recovery-codes-step';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { adminInviteQueries } from '../api/keys';

type Step = { at: 'password' } | { at: 'two-factor'; enrolment: InviteAcceptResponse } | { at: 'codes'; codes: string[] } | { at: 'done' };

/**
 * /admin/invite?token=...: an invited admin (or one whose second factor was reset) chooses a password, enrols an
 * authenticator and keeps the recovery codes, then signs in at /admin (docs/decisions/042).
 */
export function AdminInviteFlow({ token }: { token: string }) {
  const { i18n } = useI18n();
  const check = useQuery(adminInviteQueries.check(token));
  const [step, setStep] = useState<Step>({ at: 'password' });
  const navigate = useNavigate();
  const toSignIn = () => void navigate('/admin');

  if (!token || check.isError) {
    return (
      <div className="grid gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {token ? errorMessage(check.error, i18n._(ERROR_MESSAGES.admin_invite_invalid)) : i18n._(ERROR_MESSAGES.admin_invite_invalid)}
        </p>
      </div>
    );
  }
  if (check.isPending) return <Spinner label={i18n._('Checking your invitation...')} />;
  const invite = check.data;

  return (
    <div className="grid gap-5">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {richText(
          invite.role === 'owner'
            ? i18n._('{name}, you are joining as an owner with <email>{email}</email>.', { name: invite.name, email: invite.email })
            : i18n._('{name}, you are joining as staff with <email>{email}</email>.', { name: invite.name, email: invite.email }),
          { email: (text) => <strong className="break-all">{text}</strong> },
        )}{' '}
        {invite.twoFactorRequired
          ? i18n._('Owners sign in with a password and a code from an authenticator app.')
          : i18n._('Two-factor sign-in is optional for staff, and recommended.')}
      </p>
      {step.at === 'password' && (
        <InvitePasswordStep
          token={token}
          email={invite.email}
          accepted={invite.accepted}
          onAccepted={(enrolment) => setStep({ at: 'two-factor', enrolment })}
        />
      )}
      {step.at === 'two-factor' && (
        <InviteTwoFactorStep
          token={token}
          enrolment={step.enrolment}
          onConfirmed={(codes) => setStep({ at: 'codes', codes })}
          onSkip={step.enrolment.twoFactorRequired ? undefined : () => setStep({ at: 'done' })}
        />
      )}
      {step.at === 'codes' && <RecoveryCodesStep codes={step.codes} email={invite.email} onContinue={toSignIn} />}
      {step.at === 'done' && (
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {i18n._('Your password is set. Sign in with your e-mail and password; an owner can turn on two-factor for you later by resetting it.')}
          </p>
          <Button onClick={toSignIn}>{i18n._('Continue to sign in')}</Button>
        </div>
      )}
    </div>
  );
}
