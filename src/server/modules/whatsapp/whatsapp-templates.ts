import type { Config } from '../../config';
import type { WhatsAppBody, WhatsAppTemplateComponent } from '../../outbox/outbox';

// The WhatsApp message templates (docs/decisions/044-whatsapp.md, Templates). WhatsApp sends a business-initiated
// message only from a template the operator registered in WhatsApp Manager and Meta approved; the product sends
// the template's name and language and the values of its {{1}}, {{2}}... The registered body texts are listed
// here, word for word, and in docs/operations.md ("WhatsApp"), and must match what the operator registers.

export type WhatsAppTemplateKey =
  'booking' | 'cancellation' | 'reminder' | 'morningList' | 'renewal' | 'waitlistOffer' | 'waitlistOfferExpired' | 'numberCode' | 'runningLate';

/** Each template: the setting naming it, the outbox's template type, and the body registered (for the record and tests). */
export const WHATSAPP_TEMPLATES: Record<WhatsAppTemplateKey, { setting: keyof Config; templateType: string; category: string; body: string }> = {
  booking: {
    setting: 'WHATSAPP_TEMPLATE_BOOKING',
    templateType: 'whatsapp_booking',
    category: 'UTILITY',
    body: 'Hello {{1}}, your visit with {{2}} at {{3}} on {{4}} is {{5}}. You can see or cancel it under My Appointments in RepVisit.',
  },
  cancellation: {
    setting: 'WHATSAPP_TEMPLATE_CANCELLATION',
    templateType: 'whatsapp_cancellation',
    category: 'UTILITY',
    body: 'Hello {{1}}, {{2}} has cancelled your visit with {{3}} on {{4}}. Reason: {{5}}. Please book another date in RepVisit.',
  },
  reminder: {
    setting: 'WHATSAPP_TEMPLATE_REMINDER',
    templateType: 'whatsapp_reminder',
    category: 'UTILITY',
    body: 'Hello {{1}}, a reminder of your visits tomorrow, {{2}}: {{3}}. See or cancel them under My Appointments in RepVisit.',
  },
  morningList: {
    setting: 'WHATSAPP_TEMPLATE_MORNING_LIST',
    templateType: 'whatsapp_visitors',
    category: 'UTILITY',
    body: 'Good morning {{1}}, medical representatives booked at {{2}} today, {{3}} ({{4}} visits): {{5}}. The clinic dashboard has the full list.',
  },
  renewal: {
    setting: 'WHATSAPP_TEMPLATE_RENEWAL',
    templateType: 'whatsapp_renewal',
    category: 'UTILITY',
    body: 'Hello {{1}}, your RepVisit subscription ends on {{2}}. After that you cannot book new visits. Renew it under Settings, Subscription: {{3}} to keep booking.',
  },
  waitlistOffer: {
    setting: 'WHATSAPP_TEMPLATE_WAITLIST_OFFER',
    templateType: 'whatsapp_waitlist_offer',
    category: 'UTILITY',
    body: 'Hello {{1}}, a place opened with {{2}} at {{3}} on {{4}}. It is held for you until {{5}}. Accept it here: {{6}} (after that it goes to the next rep waiting).',
  },
  // A lapsed offer is told, not left to vanish (docs/decisions/050).
  waitlistOfferExpired: {
    setting: 'WHATSAPP_TEMPLATE_WAITLIST_EXPIRED',
    templateType: 'whatsapp_waitlist_expired',
    category: 'UTILITY',
    body: 'Hello {{1}}, the place held for you with {{2}} at {{3}} on {{4}} was not booked in time and has gone to the next rep waiting. See your waitlist here: {{5}} (under My Appointments).',
  },
  // The doctor says they run late (docs/decisions/073): the reps booked later that day, once per change of 15+ minutes.
  runningLate: {
    setting: 'WHATSAPP_TEMPLATE_RUNNING_LATE',
    templateType: 'whatsapp_running_late',
    category: 'UTILITY',
    body: 'Hello {{1}}, {{2}} at {{3}} is running about {{4}} minutes late today. Your visit is likely to start later than planned. My Appointments in RepVisit shows your place in line.',
  },
  numberCode: {
    setting: 'WHATSAPP_TEMPLATE_NUMBER_CODE',
    templateType: 'whatsapp_code',
    category: 'AUTHENTICATION',
    // Meta writes an authentication template's text itself: "{{1}} is your verification code.", with the security
    // note and the expiry ticked, and a "Copy code" button (which takes the code as its parameter too).
    body: '{{1}} is your verification code. For your security, do not share this code. This code expires in 10 minutes.',
  },
};

/** The channel is on only with all four settings (config.ts): sending needs the first two, the webhook the last two. */
export function isWhatsAppConfigured(config: Config): boolean {
  return Boolean(config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_TOKEN && config.WHATSAPP_APP_SECRET && config.WHATSAPP_VERIFY_TOKEN);
}

/** The longest a list parameter may be: a template's body is at most 1024 characters with its values. */
export const LIST_PARAMETER_MAX = 600;
const PARAMETER_MAX = 200;

/**
 * A value as WhatsApp takes it in a text parameter: no newline or tab, at most four spaces in a row, not empty
 * (Cloud API: such a parameter is refused with error 132018), and short.
 */
export function templateText(value: string, max = PARAMETER_MAX): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  const text = flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  return text || '-';
}

/** The longest a name may be in a message (a person's, a doctor's, a clinic's, a company's; docs/decisions/048). */
export const NAME_PARAMETER_MAX = 60;

/**
 * A name someone typed (at registration, in a profile), as a message carries it (docs/decisions/048): only the
 * characters of a name (letters and their marks in any script, digits, spaces and . , ' - & ( ) and the joiners
 * Hindi and Urdu use), so no link (no ':' or '/'), no WhatsApp formatting (* _ ~ `), no '@'; and at most
 * NAME_PARAMETER_MAX characters, so a name cannot carry a text of its own to the reader.
 */
export function templateName(value: string): string {
  return templateText(value.replace(/(?:(?!\u200c|\u200d)[^\p{L}\p{M}\p{N} .,'&()-])+/gu, ' '), NAME_PARAMETER_MAX);
}

/** The `template` object of a message: the configured name and language, the body's values in order. */
export function templateMessage(config: Config, key: WhatsAppTemplateKey, values: string[], extra: WhatsAppTemplateComponent[] = []): WhatsAppBody {
  const name = config[WHATSAPP_TEMPLATES[key].setting] as string;
  return {
    name,
    language: { code: config.WHATSAPP_TEMPLATE_LANGUAGE },
    components: [{ type: 'body', parameters: values.map((v) => ({ type: 'text', text: v })) }, ...extra],
  };
}

/** A template's body with its values may be at most this long (Cloud API). */
const BODY_MAX = 1024;

/** The values, the longest cut first, until the filled body fits WhatsApp's 1024 characters. */
export function fitTemplateValues(key: WhatsAppTemplateKey, values: string[]): string[] {
  const fitted = [...values];
  for (let excess = renderTemplateBody(key, fitted).length - BODY_MAX; excess > 0; excess = renderTemplateBody(key, fitted).length - BODY_MAX) {
    const longest = fitted.reduce((best, v, i) => (v.length > fitted[best]!.length ? i : best), 0);
    fitted[longest] = templateText(fitted[longest]!, Math.max(1, fitted[longest]!.length - excess));
  }
  return fitted;
}

/** The body text as the recipient reads it, with the values put in (tests, and the operator's check of a template). */
export function renderTemplateBody(key: WhatsAppTemplateKey, values: string[]): string {
  return WHATSAPP_TEMPLATES[key].body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => values[Number(n) - 1] ?? `{{${n}}}`);
}
