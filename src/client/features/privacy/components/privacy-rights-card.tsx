import { zodResolver } from '@hookform/resolvers/zod';
import { Download, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { COMPANY } from '../../../../shared/constants';
import { verifyOtpSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { digitsOnly } from '../../../lib/digits-only';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useConfirmAccountDeletion, useRequestAccountDeletion } from '../api/delete-account';
import { useExportMyData } from '../api/export-my-data';
import { EmailAddress } from '../../../components/ui/email-address';

/** 'Your data' in Settings (DPDP Act 2023): download a copy, delete the account by an e-mailed code. */
export function PrivacyRightsCard() {
  const { i18n } = useI18n();
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{i18n._('Your data')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {richText(
          i18n._("Your rights under India's DPDP Act 2023. See the <policy>privacy policy</policy>; grievances: <email>{email}</email>.", {
            email: COMPANY.grievanceEmail,
          }),
          {
            policy: (text) => (
              <Link className="text-teal-700 underline dark:text-teal-300" to="/privacy">
                {text}
              </Link>
            ),
            email: () => (
              <a className="text-teal-700 underline dark:text-teal-300" href={`mailto:${COMPANY.grievanceEmail}`}>
                <EmailAddress address={COMPANY.grievanceEmail} />
              </a>
            ),
          },
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          loading={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => toast({ title: i18n._('Your data is downloading'), variant: 'success' }),
              onError: (err) =>
                toast({ title: i18n._('Download failed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
            })
          }
        >
          <Download className="h-4 w-4" aria-hidden /> {i18n._('Download my data')}
        </Button>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 className="h-4 w-4" aria-hidden /> {i18n._('Delete my account')}
        </Button>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Card>
  );
}

// The e-mailed code has the shape (and message) of every 6-digit code of the product.
const deletionCodeFormSchema = z.object({ code: verifyOtpSchema.shape.otp });

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useI18n();
  const request = useRequestAccountDeletion();
  const confirm = useConfirmAccountDeletion();
  const [error, setError] = useState<string>();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(deletionCodeFormSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const sent = request.isSuccess;

  const submit = form.handleSubmit(({ code }) => {
    setError(undefined);
    confirm.mutate(code, {
      onSuccess: (res) => {
        toast({ title: res.message, variant: 'success' });
        window.location.assign('/');
      },
      onError: (err) => setError(errorMessage(err, i18n._('Could not delete your account. Please try again.'))),
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={i18n._('Delete my account')} description={i18n._('This cannot be undone.')}>
      <div className="grid gap-3 text-sm text-slate-700 dark:text-slate-300">
        <p className="flex gap-2">
          <ShieldAlert className="h-5 w-5 shrink-0 text-red-600" aria-hidden />
          {i18n._(
            'Your profile, appointments and settings are erased and you are signed out everywhere. Payment records the law requires us to keep stay, without your name or contact details.',
          )}
        </p>
        {!sent ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {i18n._('Cancel')}
            </Button>
            <Button
              variant="destructive"
              loading={request.isPending}
              onClick={() => request.mutate(undefined, { onError: (err) => setError(errorMessage(err, i18n._('Could not send the code. Please try again.'))) })}
            >
              {i18n._('E-mail me a code')}
            </Button>
            {error && (
              <p role="alert" className="w-full text-red-600">
                {error}
              </p>
            )}
          </div>
        ) : (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <p role="status">{request.data?.message}</p>
            <FormField
              label={i18n._('Code from the e-mail')}
              error={form.formState.errors.code?.message ?? error}
              hint={i18n._('6 digits, valid for 15 minutes')}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...digitsOnly(form.register('code'))} />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onClose}>
                {i18n._('Cancel')}
              </Button>
              <Button type="submit" variant="destructive" loading={confirm.isPending}>
                {i18n._('Delete my account')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
