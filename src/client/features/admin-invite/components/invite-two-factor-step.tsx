import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_TEAM_MESSAGES, TOTP_DIGITS, type InviteAcceptResponse } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useConfirmAdminInvite } from '../api/confirm-admin-invite';
import { groupSecret } from '../lib/group-secret';
import { useFocusOnMount } from '../lib/use-focus-on-mount';
import { TotpQrCode } from './totp-qr-code';
import { useI18n } from '../../../lib/i18n';

const firstCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), ADMIN_TEAM_MESSAGES.codeRequired)),
});

/**
 * Step 2 of the invitation: scan the QR code (or type the secret), then the first code from the app proves it works.
 * `onSkip`: offered to staff, for whom two-factor is optional.
 */
export function InviteTwoFactorStep({
  token,
  enrolment,
  onConfirmed,
  onSkip,
}: {
  token: string;
  enrolment: InviteAcceptResponse;
  onConfirmed: (recoveryCodes: string[]) => void;
  onSkip?: () => void;
}) {
  const { i18n } = useI18n();
  const confirm = useConfirmAdminInvite();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const form = useForm<z.input<typeof firstCodeSchema>, unknown, z.output<typeof firstCodeSchema>>({
    resolver: zodResolver(firstCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(({ code }) => confirm.mutate({ token, code }, { onSuccess: (r) => onConfirmed(r.recoveryCodes) }));

  return (
    <div className="grid gap-4">
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none dark:text-white">
        {i18n._('Step 2 of 3: Set up two-factor sign-in')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {i18n._('Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like).')}
      </p>
      <div className="justify-self-center">
        <TotpQrCode url={enrolment.otpauthUrl} label={i18n._('QR code for your authenticator app')} />
      </div>
      <div className="grid gap-1 text-sm">
        <p className="text-slate-600 dark:text-slate-300">{i18n._('Cannot scan it? Type this key into the app instead (time-based, 6 digits):')}</p>
        <code
          data-testid="totp-secret"
          className="break-words rounded-md bg-slate-100 p-2 text-center font-mono text-base tracking-wider text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        >
          {groupSecret(enrolment.totpSecret)}
        </code>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <FormField
          label={i18n._('Authentication code')}
          hint={i18n._('The 6-digit code the app shows now.')}
          error={form.formState.errors.code?.message && i18n._(form.formState.errors.code.message)}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...form.register('code')} />
        </FormField>
        {confirm.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
            {errorMessage(confirm.error, i18n._('Could not check the code. Please try again.'))}
          </p>
        )}
        <Button type="submit" loading={confirm.isPending}>
          {i18n._('Turn on two-factor')}
        </Button>
        {onSkip && (
          <Button variant="link" onClick={onSkip}>
            {i18n._('Skip for now: sign in without a code')}
          </Button>
        )}
      </form>
    </div>
  );
}
