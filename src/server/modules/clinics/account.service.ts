import type { DbOrTx } from '../../db/client';
import { withWrite } from '../../db/write';
import { findClinic, setClinicPassword, updateClinicPreferences } from './account.repo';
import { badRequest, unauthorized } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { revokePasswordResetLinks } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import type { ChangePassword, ClinicPreferences, ClinicPreferencesResponse } from '../../../shared/schemas/clinic';
import { applyWhatsAppChange, prepareWhatsAppChange, whatsappStatusOf } from '../whatsapp/whatsapp-consent.service';
import type { ClinicDeps } from './access';
import { passwordChangedMail } from './clinic-mail';
import { accountLocale } from '../../i18n';
import { recordClinicActivity } from '../clinic-activity/activity.service';

/**
 * The clinic's account, or null: a new doctor is created at its state and city, and the team's invitations carry its
 * name (ARCHITECTURE rule 16: other modules read it through here).
 */
export async function findClinicAccount(db: DbOrTx, clinicId: number): ReturnType<typeof findClinic> {
  return findClinic(db, clinicId);
}

export const WRONG_CURRENT_PASSWORD = /*i18n*/ 'Current password is incorrect.';
export const SAME_PASSWORD = /*i18n*/ 'The new password must be different from the current password.';

/**
 * Settings tab, Change Password: the current password must be right; the new one follows the password policy
 * (schema). Every other session of the clinic ends; this one stays. A notice is e-mailed.
 */
export async function changeClinicPassword(deps: ClinicDeps, o: { actor: Actor; input: ChangePassword; onWrongPassword?: () => Promise<void> }): Promise<void> {
  const clinic = await findClinic(deps.db, o.actor.id);
  if (!clinic) throw unauthorized();
  if (!(await verifyPassword(clinic.password, o.input.currentPassword))) {
    await o.onWrongPassword?.();
    throw badRequest(WRONG_CURRENT_PASSWORD, 'wrong_password');
  }
  if (o.input.currentPassword === o.input.newPassword) throw badRequest(SAME_PASSWORD, 'same_password');
  const hash = await hashPassword(o.input.newPassword);
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    // The other sessions end on every instance (the account's key finds them; this one is read again).
    await setClinicPassword(tx, { clinicId: clinic.id, hash, keepSessionId: o.actor.sessionId, now });
    // A reset link sent before the change stops working (decision 031).
    await revokePasswordResetLinks({ db: tx }, { kind: 'clinic', userId: clinic.id });
    await recordClinicActivity(tx, { clinicId: clinic.id, actor: o.actor, action: 'password.changed', now });
    await deps.outbox.queueEmail(
      tx,
      passwordChangedMail({ id: clinic.id, email: clinic.email, contactPerson: clinic.contactPerson, locale: accountLocale(clinic.language) }),
    );
  });
}

export async function getClinicPreferences(deps: ClinicDeps, o: { actor: Actor }): Promise<ClinicPreferencesResponse> {
  const clinic = await findClinic(deps.db, o.actor.id);
  if (!clinic) throw unauthorized();
  return { emailNotifications: clinic.emailNotifications, smsNotifications: clinic.smsNotifications, ...whatsappStatusOf(deps.config, clinic.whatsappNumber) };
}

/** The switches; the WhatsApp fields, when sent, turn it on (with the consent record) or off in the same transaction (docs/decisions/044). */
export async function saveClinicPreferences(deps: ClinicDeps, o: { actor: Actor; input: ClinicPreferences }): Promise<ClinicPreferencesResponse> {
  const whatsapp = await prepareWhatsAppChange(deps, { accountType: 'clinic', accountId: o.actor.id, input: o.input });
  const now = deps.clock.now();
  const row = await withWrite(deps, async (tx) => {
    if (whatsapp) await applyWhatsAppChange(deps, tx, whatsapp);
    const saved = await updateClinicPreferences(tx, {
      clinicId: o.actor.id,
      emailNotifications: o.input.emailNotifications,
      smsNotifications: o.input.smsNotifications,
      now,
    });
    // The switches as saved; the WhatsApp number itself stays out of the log (decision 075).
    if (saved) {
      const details = { emailNotifications: saved.emailNotifications, smsNotifications: saved.smsNotifications, whatsapp: saved.whatsappNumber !== null };
      await recordClinicActivity(tx, { clinicId: o.actor.id, actor: o.actor, action: 'preferences.saved', details, now });
    }
    return saved;
  });
  if (!row) throw unauthorized();
  return { emailNotifications: row.emailNotifications, smsNotifications: row.smsNotifications, ...whatsappStatusOf(deps.config, row.whatsappNumber) };
}
