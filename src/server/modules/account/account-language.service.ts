import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { unauthorized } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import type { Locale } from '../../../shared/i18n/locales';
import { LANGUAGE_SAVED, type AccountLanguageResponse } from '../../../shared/schemas/account-language';
import { updateAccountLanguage, updateMemberLanguage } from './account-language.repo';

/**
 * Saves the language the signed-in account chose (docs/decisions/045). A rep's or clinic's sessions are cached
 * with their language (plugins/auth.ts): the account's key drops them on every instance at the commit. The
 * single-password admin session has no account row: its choice stays on the device (the cookie), as before.
 */
export async function saveAccountLanguage(deps: Pick<Deps, 'db'>, o: { actor: Actor; language: Locale }): Promise<AccountLanguageResponse> {
  const { actor, language } = o;
  if (actor.type !== 'admin' || actor.id !== 0) {
    // A clinic team member's session is the clinic's: their choice is their own, not the clinic's (decision 072).
    const memberId = actor.memberId;
    const saved = await withWrite(deps, (tx) =>
      memberId ? updateMemberLanguage(tx, { memberId, language }) : updateAccountLanguage(tx, { type: actor.type, id: actor.id, language }),
    );
    if (!saved) throw unauthorized();
  }
  return { message: LANGUAGE_SAVED, language };
}
