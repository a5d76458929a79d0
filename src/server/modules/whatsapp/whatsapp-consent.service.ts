import { withWrite, type Write } from '../../db/write';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { AppError, badRequest, unauthorized } from '../../errors';
import { answerWithMessage } from '../../plugins/locale';
import { generateCode, hashCode, sameHash } from '../auth/codes';
import { ERROR_MESSAGES } from '../../../shared/errors';
import type { WhatsAppNumberCodeResponse, WhatsAppPreferenceInput, WhatsAppPreferenceStatus } from '../../../shared/schemas/whatsapp';
import {
  displayWhatsAppNumber,
  WHATSAPP_CODE_INTERVAL_SECONDS,
  WHATSAPP_CODE_MAX_ATTEMPTS,
  WHATSAPP_CODE_MINUTES,
  WHATSAPP_CODES_PER_ACCOUNT_PER_DAY,
  WHATSAPP_CODES_PER_NUMBER_PER_DAY,
  WHATSAPP_CONSENT_TEXT,
  whatsappNumberOf,
} from '../../../shared/whatsapp';
import {
  consumeNumberCode,
  countNumberCodeAttempt,
  findWhatsAppAccount,
  insertConsents,
  lockCodeSends,
  numberCodeReplaceKey,
  recentCodeSends,
  setWhatsAppNumber,
  upsertNumberCode,
  type ConsentRecord,
  type WhatsAppAccountType,
} from './whatsapp.repo';
import { isWhatsAppConfigured, templateMessage, WHATSAPP_TEMPLATES } from './whatsapp-templates';
import { whatsappLanguageCode } from './whatsapp-messages.service';
import { accountLocale, i18nFor } from '../../i18n';

// Turning WhatsApp on and off (docs/decisions/044-whatsapp.md, Consent). The switch lives in each account's
// preferences (the rep's notification preferences, the clinic's preferences); this service is the one place that
// decides a change and records it: every number, the account's own phone too (never proved at registration), needs
// the code sent to it on WhatsApp (proof that the person holds it; docs/decisions/048), and every opt-in and opt-out
// is a consent row, the opt-in with the exact words the screen showed (WHATSAPP_CONSENT_TEXT). So an account's
// whatsapp_number is always a number proved with a code, and the only numbers other messages go to.

type ConsentDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const whatsappOff = () => new AppError('whatsapp_off', ERROR_MESSAGES.whatsapp_off, 409);

/** The WhatsApp part of a preferences answer (display form of the number: +91 98765 43210). */
export function whatsappStatusOf(config: Config, whatsappNumber: string | null): WhatsAppPreferenceStatus {
  return {
    whatsappNotifications: whatsappNumber !== null,
    whatsappNumber: displayWhatsAppNumber(whatsappNumber),
    whatsappAvailable: isWhatsAppConfigured(config),
  };
}

/** A change judged before the preferences' transaction: off, or on for a number with how it was proven. */
export type WhatsAppChange =
  | { accountType: WhatsAppAccountType; accountId: number; on: false }
  | { accountType: WhatsAppAccountType; accountId: number; on: true; number: string; codeHash?: string };

/**
 * Judges the WhatsApp fields of a preferences PUT; null when they ask nothing. A code is checked here, outside the
 * preferences' transaction, so a wrong guess is counted even though the request then fails (at most
 * WHATSAPP_CODE_MAX_ATTEMPTS guesses per code).
 */
export async function prepareWhatsAppChange(
  deps: ConsentDeps,
  o: { accountType: WhatsAppAccountType; accountId: number; input: WhatsAppPreferenceInput },
): Promise<WhatsAppChange | null> {
  const { whatsappNotifications, whatsappNumber, whatsappCode } = o.input;
  if (whatsappNotifications === undefined) return null;
  const who = { accountType: o.accountType, accountId: o.accountId };
  if (!whatsappNotifications) return { ...who, on: false };
  if (!isWhatsAppConfigured(deps.config)) throw whatsappOff();
  const account = await findWhatsAppAccount(deps.db, who);
  if (!account) throw unauthorized();
  const own = whatsappNumberOf(account.phone);
  const number = whatsappNumber !== undefined ? whatsappNumberOf(whatsappNumber) : (account.whatsappNumber ?? own);
  if (!number) throw badRequest(ERROR_MESSAGES.whatsapp_number_invalid, 'whatsapp_number_invalid');
  // The number already on was proved when it went on; any other, the account's own phone and a number that
  // replied STOP included, is proved now (docs/decisions/048).
  if (number === account.whatsappNumber) return { ...who, on: true, number };
  if (!whatsappCode) throw badRequest(ERROR_MESSAGES.whatsapp_code_required, 'whatsapp_code_required');
  const code = await withWrite(deps, (w) => countNumberCodeAttempt(w, { ...who, phone: number }));
  if (!code) throw badRequest(ERROR_MESSAGES.whatsapp_code_required, 'whatsapp_code_required');
  if (code.expiresAt <= deps.clock.now()) throw badRequest(ERROR_MESSAGES.whatsapp_code_expired, 'whatsapp_code_expired');
  if (code.attempts > WHATSAPP_CODE_MAX_ATTEMPTS) throw badRequest(ERROR_MESSAGES.too_many_attempts, 'too_many_attempts');
  if (!sameHash(hashCode(whatsappCode, deps.config.SESSION_SECRET), code.codeHash)) {
    throw badRequest(ERROR_MESSAGES.whatsapp_code_invalid, 'whatsapp_code_invalid');
  }
  return { ...who, on: true, number, codeHash: code.codeHash };
}

/**
 * Applies a judged change in the preferences' transaction (the account's row locked): the number, and the consent
 * rows: an opt-out of the number it leaves, an opt-in with the wording for the number it takes. Answers the number
 * now on (null: off). Asking again for what is already so records nothing.
 */
export async function applyWhatsAppChange(deps: Pick<Deps, 'clock'>, tx: Write, change: WhatsAppChange): Promise<string | null> {
  const { accountType, accountId } = change;
  const account = await findWhatsAppAccount(tx, { accountType, accountId, lock: true });
  if (!account) throw unauthorized();
  const now = deps.clock.now();
  const next = change.on ? change.number : null;
  if (change.on && change.codeHash && !(await consumeNumberCode(tx, { accountType, accountId, codeHash: change.codeHash }))) {
    // Used meanwhile by another request, or replaced by a newer code.
    throw badRequest(ERROR_MESSAGES.whatsapp_code_invalid, 'whatsapp_code_invalid');
  }
  if (account.whatsappNumber === next) return next;
  const consents: ConsentRecord[] = [];
  if (account.whatsappNumber !== null) {
    consents.push({ accountType, accountId, phone: account.whatsappNumber, action: 'opt_out', wording: null, source: 'settings', createdAt: now });
  }
  if (next !== null)
    // The words as the screen showed them: in the account's language, which the switcher keeps the screen's (decision 045).
    consents.push({
      accountType,
      accountId,
      phone: next,
      action: 'opt_in',
      wording: i18nFor(accountLocale(account.language))._(WHATSAPP_CONSENT_TEXT),
      source: 'settings',
      createdAt: now,
    });
  await setWhatsAppNumber(tx, { accountType, accountId, whatsappNumber: next, now });
  await insertConsents(tx, consents);
  return next;
}

/**
 * POST /api/whatsapp/number-code: a 6-digit code to `phone` on WhatsApp (the authentication template), kept hashed
 * for WHATSAPP_CODE_MINUTES; a newer code replaces the account's earlier one, sent or not. Within the limits of
 * reserveCodeSend (docs/decisions/048), else 429.
 */
export async function sendWhatsAppNumberCode(
  deps: ConsentDeps & Pick<Deps, 'outbox'>,
  o: { accountType: WhatsAppAccountType; accountId: number; phone: string },
): Promise<WhatsAppNumberCodeResponse> {
  if (!isWhatsAppConfigured(deps.config)) throw whatsappOff();
  const number = whatsappNumberOf(o.phone);
  if (!number) throw badRequest(ERROR_MESSAGES.whatsapp_number_invalid, 'whatsapp_number_invalid');
  const account = await findWhatsAppAccount(deps.db, { accountType: o.accountType, accountId: o.accountId });
  if (!account) throw unauthorized();
  const code = generateCode();
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    await reserveCodeSend(tx, { accountType: o.accountType, accountId: o.accountId, number, now });
    await upsertNumberCode(tx, {
      accountType: o.accountType,
      accountId: o.accountId,
      phone: number,
      codeHash: hashCode(code, deps.config.SESSION_SECRET),
      expiresAt: new Date(now.getTime() + WHATSAPP_CODE_MINUTES * 60_000),
      attempts: 0,
      createdAt: now,
    });
    await deps.outbox.queueWhatsApp(
      tx,
      {
        to: number,
        recipientId: account.id,
        recipientEmail: account.email,
        recipientName: account.name,
        subject: 'Code to confirm a WhatsApp number',
        // An authentication template: the code fills the body and its "Copy code" button alike.
        template: {
          ...templateMessage(deps.config, 'numberCode', [code], [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] }]),
          // In the account's language (docs/decisions/045): Meta's own text of the code in that language.
          language: { code: whatsappLanguageCode(deps.config, accountLocale(account.language)) },
        },
        templateType: WHATSAPP_TEMPLATES.numberCode.templateType,
      },
      { replaceKey: numberCodeReplaceKey(o) },
    );
  });
  const shown = displayWhatsAppNumber(number)!;
  return answerWithMessage(
    /*i18n*/ {
      id: '{minutes, plural, one {We sent a 6-digit code to {number} on WhatsApp. It expires in # minute.} other {We sent a 6-digit code to {number} on WhatsApp. It expires in # minutes.}}',
      values: { number: shown, minutes: WHATSAPP_CODE_MINUTES },
    },
    { whatsappNumber: shown, expiresInMinutes: WHATSAPP_CODE_MINUTES },
  );
}

const DAY_MS = 24 * 3_600_000;

// The refusals of reserveCodeSend: the wait in whole hours past an hour, else in whole minutes.
const NUMBER_FULL_HOURS =
  /*i18n*/ 'Too many codes were sent to this number today. Please use the latest code we sent, or try again in {hours, plural, one {{hours} hour} other {{hours} hours}}.';
const NUMBER_FULL_MINUTES =
  /*i18n*/ 'Too many codes were sent to this number today. Please use the latest code we sent, or try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.';
const ACCOUNT_FULL_HOURS =
  /*i18n*/ 'You have asked for the most WhatsApp codes allowed in a day. Please use the latest code we sent, or try again in {hours, plural, one {{hours} hour} other {{hours} hours}}.';
const ACCOUNT_FULL_MINUTES =
  /*i18n*/ 'You have asked for the most WhatsApp codes allowed in a day. Please use the latest code we sent, or try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.';

/**
 * Reserves one code message, or answers 429 with Retry-After (docs/decisions/048): one a minute per account, at most
 * WHATSAPP_CODES_PER_ACCOUNT_PER_DAY per account and WHATSAPP_CODES_PER_NUMBER_PER_DAY per number (from any account)
 * in any 24 hours. The outbox's code rows are the count, so a new sign-in or a restart resets nothing; transaction
 * locks on the account and then the number (always in that order) make concurrent requests count one after another.
 */
async function reserveCodeSend(tx: Write, o: { accountType: WhatsAppAccountType; accountId: number; number: string; now: Date }): Promise<void> {
  const replaceKey = numberCodeReplaceKey(o);
  await lockCodeSends(tx, replaceKey);
  await lockCodeSends(tx, `number:${o.number}`);
  const now = o.now.getTime();
  const since = new Date(now - DAY_MS);
  const ofAccount = await recentCodeSends(tx, { replaceKey, since, limit: WHATSAPP_CODES_PER_ACCOUNT_PER_DAY });
  const toNumber = await recentCodeSends(tx, { phone: o.number, since, limit: WHATSAPP_CODES_PER_NUMBER_PER_DAY });
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
  // Every limit reached, with its wait; the longest is the one to tell (the others free before it).
  const refusals: Array<{ wait: number; refuse: (wait: number) => AppError }> = [];
  const latest = ofAccount[0]?.getTime();
  if (latest !== undefined && now - latest < WHATSAPP_CODE_INTERVAL_SECONDS * 1000) {
    refusals.push({
      wait: secondsUntil(latest + WHATSAPP_CODE_INTERVAL_SECONDS * 1000),
      refuse: (wait) =>
        new AppError(
          'rate_limited',
          /*i18n*/ '{wait, plural, one {Please wait {wait} second before requesting a new code.} other {Please wait {wait} seconds before requesting a new code.}}',
          429,
          { 'retry-after': String(wait) },
          { wait },
        ),
    });
  }
  const full = (times: Date[], max: number, hours: string, minutes: string) => {
    if (times.length < max) return;
    refusals.push({
      wait: secondsUntil(times[max - 1]!.getTime() + DAY_MS),
      refuse: (wait) =>
        wait >= 3600
          ? new AppError('whatsapp_too_many_codes', hours, 429, { 'retry-after': String(wait) }, { hours: Math.ceil(wait / 3600) })
          : new AppError('whatsapp_too_many_codes', minutes, 429, { 'retry-after': String(wait) }, { minutes: Math.max(1, Math.ceil(wait / 60)) }),
    });
  };
  full(toNumber, WHATSAPP_CODES_PER_NUMBER_PER_DAY, NUMBER_FULL_HOURS, NUMBER_FULL_MINUTES);
  full(ofAccount, WHATSAPP_CODES_PER_ACCOUNT_PER_DAY, ACCOUNT_FULL_HOURS, ACCOUNT_FULL_MINUTES);
  const longest = refusals.sort((a, b) => b.wait - a.wait)[0];
  if (longest) throw longest.refuse(longest.wait);
}
