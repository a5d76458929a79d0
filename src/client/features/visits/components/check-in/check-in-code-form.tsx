import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CHECK_IN_CODE, isCheckInCode } from '../../../../../shared/booking/visit-status';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { errorMessage } from '../../../../lib/api';
import { i18n, useI18n } from '../../../../lib/i18n';
import { digitsOnly } from '../../../../lib/digits-only';

const CODE_NEEDED = /*i18n*/ 'Please enter the 6-digit code shown at reception.';
const FAILED = /*i18n*/ 'Failed to check in. Please try again.';

/**
 * The reception's 6-digit code (docs/decisions/041), digits only, offered to the phone's keyboard as a one-time
 * code. `onCheckIn` throws to refuse: its message (the server's, e.g. an invalid or old code) shows under the field.
 */
export function CheckInCodeForm({
  onCheckIn,
  defaultCode = '',
  autoFocus = false,
}: {
  onCheckIn: (code: string) => Promise<void>;
  defaultCode?: string;
  autoFocus?: boolean;
}) {
  useI18n(); // re-rendered in a newly chosen language
  const form = useForm<{ code: string }>({ defaultValues: { code: defaultCode } });
  // Typing takes the last refusal away until the next try.
  const field = digitsOnly(
    form.register('code', { validate: (c) => isCheckInCode(c) || i18n._(CODE_NEEDED), onChange: () => form.clearErrors('code') }),
    CHECK_IN_CODE.digits,
  );
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await onCheckIn(code);
    } catch (err) {
      form.setError('code', { message: errorMessage(err, i18n._(FAILED)) }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label={i18n._('Check-in code')}
        error={form.formState.errors.code?.message}
        hint={i18n._("The 6-digit code on the reception's screen; a new one shows every 2 minutes.")}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CHECK_IN_CODE.digits}
          {...field}
          className="text-center font-mono text-lg tracking-[0.5em]"
          autoFocus={autoFocus}
        />
      </FormField>
      <Button type="submit" loading={form.formState.isSubmitting} className="w-full sm:w-auto sm:justify-self-end">
        {!form.formState.isSubmitting && <LogIn className="h-4 w-4" aria-hidden />}
        {i18n._('Check in')}
      </Button>
    </form>
  );
}
