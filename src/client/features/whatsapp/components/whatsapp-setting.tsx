import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { WhatsAppPreferenceInput, WhatsAppPreferenceStatus } from '../../../../shared/schemas/whatsapp';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { PreferenceSwitch } from '../../../components/ui/preference-switch';
import { SettingLabel } from '../../../components/ui/setting-label';
import { WhatsAppOptIn } from './whatsapp-opt-in';

/** Saves the WhatsApp fields with the rest of the account's preferences; resolves with the saved state. */
export type SaveWhatsApp = (input: WhatsAppPreferenceInput) => Promise<WhatsAppPreferenceStatus>;

/**
 * The 'WhatsApp messages' switch of the rep's and the clinic's notification settings (docs/decisions/044-whatsapp.md).
 * Shown only while the server has WhatsApp configured: a switch that could not be turned on would only mislead.
 * Turning it on asks for consent first, in the exact words stored with the opt-in, for a number confirmed by a code
 * sent to it (the account's own or another, docs/decisions/048); turning it off needs no question and takes effect at once.
 */
export function WhatsAppSetting({
  status,
  ownNumber,
  save,
  as: Row = 'div',
  className,
}: {
  status: WhatsAppPreferenceStatus;
  /** The account's own phone as stored (the rep's phone, the clinic's contact number). */
  ownNumber: string | null | undefined;
  save: SaveWhatsApp;
  /** `li` inside the rep's list of settings. */
  as?: 'li' | 'div';
  className?: string;
}) {
  const { i18n } = useI18n();
  const id = `whatsapp-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const switchId = `${id}-switch`;
  const [asking, setAsking] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  if (!status.whatsappAvailable) return null;

  const on = status.whatsappNotifications;
  const close = () => {
    setAsking(false);
    // Back where the person started, so a keyboard user keeps their place.
    requestAnimationFrame(() => document.getElementById(switchId)?.focus());
  };
  const turnOff = () => {
    setTurningOff(true);
    save({ whatsappNotifications: false })
      .then(() =>
        toast({ title: i18n._('WhatsApp messages off'), description: i18n._('We will not send you WhatsApp messages.'), variant: 'success', duration: 3000 }),
      )
      .catch((err: unknown) =>
        toast({
          title: i18n._('Settings not saved'),
          description: errorMessage(err, i18n._('Could not turn WhatsApp messages off. Please try again.')),
          variant: 'destructive',
        }),
      )
      .finally(() => setTurningOff(false));
  };
  // The switch shows only what is so: off while the question is open, on once the number is proved and the
  // person agreed (docs/decisions/048). A second press while asking closes the question.
  const change = (next: boolean) => {
    if (on && !next) turnOff();
    else if (!on) {
      if (asking) close();
      else if (next) setAsking(true);
    }
  };
  const confirm = async (input: WhatsAppPreferenceInput) => {
    const saved = await save(input);
    toast({
      title: i18n._('WhatsApp messages on'),
      description: saved.whatsappNumber ? i18n._('Messages go to {number}.', { number: saved.whatsappNumber }) : undefined,
      variant: 'success',
    });
    close();
  };

  const hint = on
    ? status.whatsappNumber
      ? i18n._('On: messages go to {number}.', { number: status.whatsappNumber })
      : i18n._('On: messages go to your number.')
    : asking
      ? i18n._('Not on yet: confirm your number below to turn them on.')
      : i18n._('Visit confirmations and reminders on WhatsApp.');
  return (
    <Row className={clsx('py-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <SettingLabel icon={MessageCircle} id={id} label={i18n._('WhatsApp messages')} hint={hint} />
        <PreferenceSwitch id={switchId} checked={on} onChange={change} labelledBy={`${id}-label`} describedBy={`${id}-hint`} disabled={turningOff} />
      </div>
      {asking && !on && <WhatsAppOptIn ownNumber={ownNumber} onConfirm={confirm} onCancel={close} />}
    </Row>
  );
}
