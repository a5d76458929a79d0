import { useState, type FormEvent } from 'react';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import type { WhatsAppNumberCodeResponse, WhatsAppPreferenceInput } from '../../../../shared/schemas/whatsapp';
import { WHATSAPP_CODE_LENGTH, whatsappNumberOf } from '../../../../shared/whatsapp';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useSendWhatsAppNumberCode } from '../api/send-whatsapp-number-code';

/**
 * The number WhatsApp messages are to go to, a code sent to it on WhatsApp, and the code back with the opt-in, so
 * messages only ever go to a number its owner has shown they hold (docs/decisions/044-whatsapp.md, 048): the
 * account's own number (`number`, shown, not typed) or another one typed here.
 */
export function WhatsAppNumberForm({
  number,
  saving,
  error,
  onConfirm,
  onOther,
  onBack,
  onCancel,
}: {
  /** The account's own number in display form; absent: the person types one. */
  number?: string;
  saving: boolean;
  /** Why the last confirmation was refused, in the server's words. */
  error: string | null;
  onConfirm: (input: WhatsAppPreferenceInput) => void;
  /** To another number than `number`. */
  onOther?: () => void;
  /** Back to the account's own number; absent when that number cannot receive WhatsApp messages. */
  onBack?: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useI18n();
  const send = useSendWhatsAppNumberCode();
  const [phone, setPhone] = useState(number ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [sent, setSent] = useState<WhatsAppNumberCodeResponse | null>(null);
  const [code, setCode] = useState('');
  /** Why a new code was refused while one sent is still good (too soon: the rep types the one they have). */
  const [resendError, setResendError] = useState<string | undefined>();

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    // The server decides; this only spares a round trip for a number that cannot be a mobile one.
    if (!whatsappNumberOf(phone)) return setPhoneError(i18n._(ERROR_MESSAGES.whatsapp_number_invalid));
    setPhoneError(undefined);
    send.mutate(
      { phone },
      {
        onSuccess: (answer) => {
          setSent(answer);
          setCode('');
          setResendError(undefined);
        },
        onError: (err) => {
          const message = errorMessage(err, i18n._('Could not send the code. Please try again.'));
          // A new code refused leaves the one already sent usable: its form stays.
          if (sent) return setResendError(message);
          setPhoneError(message);
        },
      },
    );
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (sent && code.length === WHATSAPP_CODE_LENGTH) onConfirm({ whatsappNotifications: true, whatsappNumber: sent.whatsappNumber, whatsappCode: code });
  };

  if (!sent && number)
    return (
      <form onSubmit={sendCode} noValidate className="grid gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {richText(i18n._("Messages will go to <number>{number}</number>, your account's number.", { number }), {
            number: (text) => <strong className="whitespace-nowrap font-semibold text-slate-900 dark:text-white">{text}</strong>,
          })}{' '}
          {i18n._('We will send a code to it on WhatsApp first, to confirm that it is yours.')}
        </p>
        {phoneError && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {phoneError}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" loading={send.isPending}>
            {i18n._('Send code')}
          </Button>
          {onOther && (
            <Button variant="secondary" onClick={onOther} disabled={send.isPending}>
              {i18n._('Use another number')}
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel} disabled={send.isPending}>
            {i18n._('Cancel')}
          </Button>
        </div>
      </form>
    );

  if (!sent)
    return (
      <form onSubmit={sendCode} noValidate className="grid gap-3">
        <FormField label={i18n._('WhatsApp number')} hint={i18n._('A mobile number with its country code, for example +91 98765 43210.')} error={phoneError}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setPhoneError(undefined);
            }}
            maxLength={25}
            autoFocus
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" loading={send.isPending}>
            {i18n._('Send code')}
          </Button>
          {onBack && (
            <Button variant="secondary" onClick={onBack} disabled={send.isPending}>
              {i18n._("Use my account's number")}
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel} disabled={send.isPending}>
            {i18n._('Cancel')}
          </Button>
        </div>
      </form>
    );

  return (
    <form onSubmit={confirm} noValidate className="grid gap-3">
      {/* The server's words say where the code went and how long it lasts. */}
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        {sent.message}
      </p>
      <FormField label={i18n._('{length}-digit code', { length: WHATSAPP_CODE_LENGTH })} error={error ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={WHATSAPP_CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, WHATSAPP_CODE_LENGTH))}
          className="max-w-48 text-center font-mono text-lg tracking-[0.4em]"
          autoFocus
        />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" loading={saving} disabled={code.length !== WHATSAPP_CODE_LENGTH || send.isPending}>
          {i18n._('Agree and turn on')}
        </Button>
        <Button variant="secondary" onClick={() => sendCode()} loading={send.isPending} disabled={saving}>
          {i18n._('Send a new code')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setSent(null);
            setResendError(undefined);
          }}
          disabled={saving || send.isPending}
        >
          {i18n._('Change number')}
        </Button>
      </div>
      {resendError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {resendError}
        </p>
      )}
    </form>
  );
}
