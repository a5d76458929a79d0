import type { Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import * as repo from './auth.repo';

// How many e-mailed codes one address may receive (docs/decisions/030). Each code allows 3 guesses, so the cap
// bounds the guesses at one address whatever the route that sends them (register, register again, resend).

/** Codes e-mailed to one address in any 24 hours. */
export const CODES_PER_ADDRESS_PER_DAY = 5;
export const CODE_CAP_WINDOW_MS = 24 * 3_600_000;

// The wait in whole hours past an hour, else in whole minutes: 'try again in 3 hours', '... in 1 minute'.
const TRY_AGAIN_IN_HOURS =
  /*i18n*/ 'Too many verification codes were sent to this e-mail address. Please use the latest code or link we sent, or try again in {hours, plural, one {{hours} hour} other {{hours} hours}}.';
const TRY_AGAIN_IN_MINUTES =
  /*i18n*/ 'Too many verification codes were sent to this e-mail address. Please use the latest code or link we sent, or try again in {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}.';

/**
 * Reserves one code e-mail for an address, or answers 429 `too_many_codes` with Retry-After. Call it in the
 * transaction that queues the e-mail, before queueing it (with one of `replaceKeys` as its outbox replace key): the
 * outbox rows are the count (any status, so a code replaced before it went out counts too), and a transaction
 * lock on `lockKey` makes concurrent requests count one after another. Other code e-mails (profile change,
 * deletion) can use it with their own keys and limit.
 */
export async function reserveCodeSend(
  deps: Pick<Deps, 'clock'>,
  tx: Write,
  o: { lockKey: string; replaceKeys: string[]; max?: number; windowMs?: number; message?: string },
): Promise<void> {
  const max = o.max ?? CODES_PER_ADDRESS_PER_DAY;
  const windowMs = o.windowMs ?? CODE_CAP_WINDOW_MS;
  const now = deps.clock.now().getTime();
  await repo.lockCodeSends(tx, o.lockKey);
  const recent = await repo.recentCodeMails(tx, { replaceKeys: o.replaceKeys, since: new Date(now - windowMs), limit: max });
  if (recent.length < max) return;
  // A place frees when the oldest of the last `max` codes leaves the window.
  const wait = Math.max(1, Math.ceil((recent[max - 1]!.getTime() + windowMs - now) / 1000));
  const headers = { 'retry-after': String(wait) };
  if (o.message) throw new AppError('too_many_codes', o.message, 429, headers);
  if (wait >= 3600) throw new AppError('too_many_codes', TRY_AGAIN_IN_HOURS, 429, headers, { hours: Math.ceil(wait / 3600) });
  throw new AppError('too_many_codes', TRY_AGAIN_IN_MINUTES, 429, headers, { minutes: Math.max(1, Math.ceil(wait / 60)) });
}
