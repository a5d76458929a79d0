import { useEffect, useId, useRef, useState } from 'react';
import type { WhatsAppPreferenceInput } from '../../../../shared/schemas/whatsapp';
import { displayWhatsAppNumber, whatsappNumberOf, WHATSAPP_CONSENT_TEXT } from '../../../../shared/whatsapp';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { WhatsAppNumberForm } from './whatsapp-number-form';

/**
 * The question before WhatsApp messages start (docs/decisions/044-whatsapp.md): the consent wording, word for word
 * as the server stores it with the opt-in, and the number it applies to. That is the account's own number unless
 * the person picks another; either must first prove it is theirs with a code sent to it on WhatsApp (decision 048).
 */
export function WhatsAppOptIn({
  ownNumber,
  onConfirm,
  onCancel,
}: {
  ownNumber: string | null | undefined;
  /** Rejects with the server's error, shown here. */
  onConfirm: (input: WhatsAppPreferenceInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { i18n } = useI18n();
  const id = `opt-in-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const panel = useRef<HTMLDivElement>(null);
  // Only a mobile number in international form can receive WhatsApp messages; a clinic's landline cannot.
  const own = displayWhatsAppNumber(whatsappNumberOf(ownNumber));
  const [another, setAnother] = useState(!own);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The panel takes focus as it opens, so a screen reader reads the question and the wording at once.
  useEffect(() => panel.current?.focus(), []);

  const confirm = async (input: WhatsAppPreferenceInput) => {
    setSaving(true);
    setError(null);
    try {
      await onConfirm(input);
    } catch (err) {
      setError(errorMessage(err, i18n._('Could not turn WhatsApp messages on. Please try again.')));
      setSaving(false);
    }
  };

  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-consent`}
      className="mt-3 grid gap-3 rounded-lg border border-teal-200 bg-teal-50 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600/40 dark:border-teal-900 dark:bg-teal-950/40"
    >
      <p id={`${id}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
        {i18n._('Turn on WhatsApp messages')}
      </p>
      <p id={`${id}-consent`} className="border-s-4 border-teal-600 ps-3 text-sm text-slate-800 dark:text-slate-100">
        {i18n._(WHATSAPP_CONSENT_TEXT)}
      </p>
      {!own && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {i18n._("Your account's number cannot receive WhatsApp messages: please give a mobile number.")}
        </p>
      )}
      {/* Either number is confirmed by a code sent to it before anything goes there (docs/decisions/048). */}
      <WhatsAppNumberForm
        key={another ? 'another' : 'own'}
        number={another ? undefined : (own ?? undefined)}
        saving={saving}
        error={error}
        onConfirm={(input) => void confirm(input)}
        onOther={() => {
          setAnother(true);
          setError(null);
        }}
        onBack={
          own
            ? () => {
                setAnother(false);
                setError(null);
              }
            : undefined
        }
        onCancel={onCancel}
      />
    </div>
  );
}
