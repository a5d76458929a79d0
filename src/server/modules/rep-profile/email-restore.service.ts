import { PRODUCT_NAME } from '../../../shared/constants';
import type { MessageResponse } from '../../../shared/schemas/common';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { badRequest, conflict, isUniqueViolation } from '../../errors';
import type { OutgoingMail } from '../../outbox/outbox';
import { endAllSessions } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { queuePasswordReset, revokePasswordResetLinks } from '../auth/auth.service';
import { generateToken, hashLinkToken } from '../auth/codes';
import { consumeEmailRestore, deleteUnusedEmailRestores, deleteUpdateCodes, findRepLanguage, insertEmailRestore, updateRepFields } from './rep-profile.repo';
import { accountLocale, i18nFor } from '../../i18n';
import type { Locale } from '../../../shared/i18n/locales';

// After a rep's e-mail address changes, the OLD address is told and given a way back
// (docs/decisions/031-account-holder-proof-and-device-cookies.md): whoever took a session and the password must not
// keep the account by moving its address. The link is single use, stored hashed, and works for 72 hours.

const RESTORE_LINK_LIFETIME_MS = 72 * 3_600_000;
export const RESTORE_MESSAGES = {
  restored: /*i18n*/ 'Your e-mail address has been restored and every device has been signed out. We have e-mailed you a link to choose a new password.',
  invalid: ERROR_MESSAGES.restore_link_invalid,
  taken: /*i18n*/ 'Your old e-mail address is now used by another account. Please contact support.',
} as const;

function emailChangedMail(o: { to: string; name: string; newEmail: string; link: string; recipientId: number; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  return {
    to: o.to,
    toName: o.name,
    recipientId: o.recipientId,
    subject: i18n._('Your {product} e-mail address was changed', { product: PRODUCT_NAME }),
    text: [
      i18n._('Hello {name},', { name: o.name }),
      '',
      i18n._('The e-mail address of your {product} account was changed from this address to {email}.', { product: PRODUCT_NAME, email: o.newEmail }),
      i18n._('If this was you, nothing else is needed.'),
      '',
      i18n._('If it was not you, open this link to put this address back and sign everyone out:'),
      o.link,
      '',
      i18n._('The link works once, for 72 hours. We will then e-mail you a link to choose a new password.'),
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'email_changed',
  };
}

/**
 * In the transaction that changes the address: the undo link for the old address, the notice that carries it, and
 * the end of every reset link sent before (one may have gone to whoever made the change).
 */
export async function recordEmailChange(
  deps: Pick<Deps, 'config' | 'outbox'>,
  w: Write,
  o: { repId: number; name: string; oldEmail: string; newEmail: string; now: Date },
): Promise<void> {
  const token = generateToken();
  await insertEmailRestore(w, {
    repId: o.repId,
    oldEmail: o.oldEmail,
    newEmail: o.newEmail,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(o.now.getTime() + RESTORE_LINK_LIFETIME_MS),
    now: o.now,
  });
  await revokePasswordResetLinks({ db: w }, { kind: 'medrep', userId: o.repId });
  const link = `${deps.config.appUrl}/restore-email?token=${token}`;
  await deps.outbox.queueEmail(
    w,
    emailChangedMail({
      to: o.oldEmail,
      name: o.name,
      newEmail: o.newEmail,
      link,
      recipientId: o.repId,
      locale: accountLocale(await findRepLanguage(w, o.repId)),
    }),
  );
}

/**
 * POST /api/medrep/restore-email: the old address comes back; every session, pending change, other undo link and
 * reset link ends; a fresh reset link goes to the restored address (the password may have been changed too).
 */
export async function restoreEmail(deps: Deps, o: { token: string; origin: RequestOrigin }): Promise<MessageResponse> {
  const now = deps.clock.now();
  let repId: number | undefined;
  try {
    repId = await withWrite(deps, async (tx) => {
      const link = await consumeEmailRestore(tx, hashLinkToken(o.token), now);
      if (!link) return undefined;
      await deleteUnusedEmailRestores(tx, link.repId);
      await deleteUpdateCodes(tx, link.repId);
      const rep = await updateRepFields(tx, link.repId, { email: link.oldEmail }, now);
      await queuePasswordReset(deps, tx, {
        kind: 'medrep',
        account: { id: rep.id, email: rep.email, name: rep.fullName, language: await findRepLanguage(tx, rep.id) },
      });
      return rep.id;
    });
  } catch (err) {
    // The old address was taken by a new registration meanwhile: the link stays unused.
    if (isUniqueViolation(err)) throw conflict(RESTORE_MESSAGES.taken, 'email_taken');
    throw err;
  }
  if (repId === undefined) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'email_restore_invalid_token', userType: 'medrep', threatLevel: 'medium' });
    throw badRequest(RESTORE_MESSAGES.invalid, 'restore_link_invalid');
  }
  await endAllSessions(deps, 'medrep', repId);
  await recordSecurityEvent(deps, o.origin, { eventType: 'email_restored', userType: 'medrep', userId: repId, threatLevel: 'medium' });
  return { message: RESTORE_MESSAGES.restored };
}
