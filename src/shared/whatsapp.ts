import { canonicalPhone, displayPhone } from './schemas/phone';

// WhatsApp messages (docs/decisions/044-whatsapp.md). Plain TypeScript shared by the server and the Settings
// screens: the consent wording is stored with every opt-in, so the words a person agreed to are the words the
// screen showed them, and both halves read them from here.

/** The exact words shown beside the WhatsApp switch; stored in whatsapp_consents.wording with each opt-in. */
export const WHATSAPP_CONSENT_TEXT =
  /*i18n*/ 'I agree to receive messages about my RepVisit visits, reminders and account on WhatsApp at this number. I can turn them off here at any time, or reply STOP.';

/** Replies that end WhatsApp messages to the number that sent them (trimmed, any case; docs/decisions/044, STOP). */
export const WHATSAPP_STOP_WORDS = ['STOP', 'UNSUBSCRIBE'] as const;

export function isWhatsAppStopWord(text: string): boolean {
  return (WHATSAPP_STOP_WORDS as readonly string[]).includes(text.trim().toUpperCase());
}

/** A number code's length and life (docs/decisions/044, 048: every number is confirmed with one). */
export const WHATSAPP_CODE_LENGTH = 6;
export const WHATSAPP_CODE_MINUTES = 10;
export const WHATSAPP_CODE_MAX_ATTEMPTS = 5;

/**
 * How many code messages may go out (docs/decisions/048): each is a message the business pays for, to a number the
 * caller typed. Counted in any 24 hours from the outbox's rows, so neither a new sign-in nor a restart resets them.
 */
export const WHATSAPP_CODES_PER_NUMBER_PER_DAY = 3;
export const WHATSAPP_CODES_PER_ACCOUNT_PER_DAY = 5;
export const WHATSAPP_CODE_INTERVAL_SECONDS = 60;

/**
 * The number WhatsApp messages go to: international form without '+' (WhatsApp's `to`), e.g. 919876543210, from
 * what a person typed or a stored phone (an Indian 10-digit number gains 91, as canonicalPhone does). Null when it
 * is not a plausible mobile number in international form (8 to 15 digits, E.164, not starting with 0).
 */
export function whatsappNumberOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const canonical = canonicalPhone(raw);
  if (!canonical.startsWith('+')) return null;
  const digits = canonical.slice(1);
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  // An Indian number is a mobile one only if it starts with 6 to 9 (WhatsApp needs a mobile number).
  if (digits.startsWith('91') && digits.length === 12 && !/^91[6-9]/.test(digits)) return null;
  return digits;
}

/** A stored WhatsApp number as people read it: +91 98765 43210 (what the preferences answer as whatsappNumber). */
export function displayWhatsAppNumber(stored: string | null | undefined): string | null {
  return stored ? displayPhone(`+${stored}`) : null;
}
