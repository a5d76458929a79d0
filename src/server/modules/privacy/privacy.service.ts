import { COMPANY } from '../../../shared/constants';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { AccountExport } from '../../../shared/schemas/privacy';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import type { OutgoingMail } from '../../outbox/outbox';
import { AppError, badRequest, notFound } from '../../errors';
import { endAllSessions, newToken, type Actor } from '../auth/sessions.service';
import { generateCode, hashCode, sameHash } from '../auth/codes';
import { hashPassword } from '../auth/password';
import { accountLocale, i18nFor } from '../../i18n';
import { clinicActivityForExport, forgetRepInActivity } from '../clinic-activity/activity.service';
import {
  countDeletionAttempt,
  eraseClinic,
  eraseRep,
  findClinicAbsences,
  findClinicDoctors,
  findClinicRow,
  findClinicVisits,
  findConsentsOf,
  findEmailsTo,
  findRepAppointments,
  findRepOrders,
  findRepRow,
  findRepWaitlist,
  findSessionsOf,
  setDeletionCode,
  type PrivacyAccountType,
} from './privacy.repo';

// The data rights of the DPDP Act 2023 (decision 013): a copy of everything the product holds about the signed-in
// rep or clinic, and erasure confirmed by an e-mailed code. See docs/decisions/ for why a deleted rep's row is
// anonymised rather than removed (payment records).

export const DELETE_CODE_LIFETIME_MS = 15 * 60_000;
export const DELETE_CODE_MAX_ATTEMPTS = 3;
export const PRIVACY_MESSAGES = {
  codeSent: /*i18n*/ 'We have e-mailed you a code to confirm the deletion of your account.',
  noCode: /*i18n*/ 'Please request a new deletion code.',
  expired: /*i18n*/ 'The code has expired. Please request a new one.',
  wrong: /*i18n*/ 'Invalid code. Please check the code in your e-mail.',
  tooMany: /*i18n*/ 'Too many wrong codes. Please request a new one.',
  deleted: /*i18n*/ 'Your account and personal data have been deleted.',
} as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The rights are a clinic's and a rep's (the routes let no other actor in). */
const accountTypeOfActor = (actor: Actor): PrivacyAccountType => (actor.type === 'clinic' ? 'clinic' : 'medrep');

async function accountRow(deps: Pick<Deps, 'db'>, actor: Actor) {
  const row = actor.type === 'clinic' ? await findClinicRow(deps.db, actor.id) : await findRepRow(deps.db, actor.id);
  if (!row) throw notFound(/*i18n*/ 'Account not found');
  return row;
}

async function sessionList(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await findSessionsOf(deps.db, { type: accountTypeOfActor(actor), id: actor.id });
  // The session ids are secrets (hashes of the cookies): never exported.
  return rows.map((s) => ({
    signedInAt: iso(s.createdAt),
    lastSeenAt: iso(s.lastSeenAt),
    expiresAt: iso(s.expiresAt),
    rememberMe: s.rememberMe,
    ipAddress: s.ipAddress,
    device: s.userAgent,
  }));
}

async function emailList(deps: Pick<Deps, 'db'>, email: string) {
  const rows = await findEmailsTo(deps.db, email);
  return rows.map((m) => ({ subject: m.subject, kind: m.templateType, status: m.status, sentAt: iso(m.sentAt ?? m.queuedAt) }));
}

/** Everything the product holds about the signed-in account; no password hash, code, token or session id. */
export async function exportAccountData(deps: Pick<Deps, 'db' | 'clock'>, o: { actor: Actor }): Promise<AccountExport> {
  const { actor } = o;
  const now = deps.clock.now();
  const common = {
    exportedAt: now.toISOString(),
    controller: { name: COMPANY.legalName, address: COMPANY.address, email: COMPANY.email, grievanceOfficer: COMPANY.grievanceEmail },
  };
  if (actor.type === 'medrep') {
    const rep = await findRepRow(deps.db, actor.id);
    if (!rep) throw notFound(/*i18n*/ 'Account not found');
    const appointments = await findRepAppointments(deps.db, actor.id);
    const orders = await findRepOrders(deps.db, actor.id);
    const waitlist = await findRepWaitlist(deps.db, actor.id);
    return {
      ...common,
      accountType: 'medical_rep' as const,
      profile: {
        id: rep.id,
        fullName: rep.fullName,
        email: rep.email,
        phone: rep.phone,
        company: rep.company,
        state: rep.state,
        status: rep.status,
        emailVerified: rep.emailVerified,
        deviceFingerprint: rep.deviceFingerprint,
        createdAt: iso(rep.createdAt),
        updatedAt: iso(rep.updatedAt),
        passwordChangedAt: iso(rep.passwordChangedAt),
      },
      terms: { accepted: rep.termsAccepted, version: rep.termsVersion, acceptedAt: iso(rep.termsAcceptedAt) },
      subscription: {
        status: rep.subscriptionStatus,
        subscriptionId: rep.subscriptionId,
        expiresAt: iso(rep.subscriptionExpiresAt),
        freeTrialUsedAt: iso(rep.freeTrialUsedAt),
        orders: orders.map((o) => ({
          orderId: o.orderId,
          plan: o.planType,
          amountPaise: o.amount,
          currency: o.currency,
          status: o.status,
          paymentId: o.paymentId,
          createdAt: iso(o.createdAt),
          paidAt: iso(o.paidAt),
          // What was paid back of it (docs/decisions/032): part of the payment record the rep may see.
          amountRefundedPaise: o.amountRefunded,
          refundedAt: iso(o.refundedAt),
        })),
      },
      notifications: {
        email: rep.emailNotifications,
        push: rep.pushNotifications,
        renewalReminders: rep.renewalReminders,
        pushSubscribedDevice: rep.pushSubscription !== null,
        calendarFeedActive: rep.calendarFeedTokenHash !== null,
        whatsappNumber: rep.whatsappNumber,
      },
      whatsappConsents: await consentList(deps, actor),
      waitlist: waitlist.map((e) => ({ ...e, joinedAt: iso(e.joinedAt) })),
      appointments: appointments.map((a) => ({ ...a, bookedAt: iso(a.bookedAt), checkedInAt: iso(a.checkedInAt) })),
      sessions: await sessionList(deps, actor),
      emailsSent: await emailList(deps, rep.email),
    };
  }
  const clinic = await findClinicRow(deps.db, actor.id);
  if (!clinic) throw notFound(/*i18n*/ 'Account not found');
  const doctorRows = await findClinicDoctors(deps.db, actor.id);
  const visits = await findClinicVisits(deps.db, actor.id);
  const absences = await findClinicAbsences(deps.db, actor.id);
  const activity = await clinicActivityForExport(deps.db, actor.id);
  return {
    ...common,
    accountType: 'clinic' as const,
    profile: {
      id: clinic.id,
      clinicName: clinic.clinicName,
      contactPerson: clinic.contactPerson,
      email: clinic.email,
      contactNumber: clinic.contactNumber,
      state: clinic.state,
      city: clinic.city,
      status: clinic.status,
      emailVerified: clinic.emailVerified,
      deviceFingerprint: clinic.deviceFingerprint,
      createdAt: iso(clinic.createdAt),
      updatedAt: iso(clinic.updatedAt),
    },
    terms: { accepted: clinic.termsAccepted, version: clinic.termsVersion, acceptedAt: iso(clinic.termsAcceptedAt) },
    preferences: { emailNotifications: clinic.emailNotifications, smsNotifications: clinic.smsNotifications, whatsappNumber: clinic.whatsappNumber },
    whatsappConsents: await consentList(deps, actor),
    doctors: doctorRows.map((d) => ({
      id: d.id,
      name: d.name,
      specialty: d.specialty,
      callSettings: d.settings
        ? {
            maxSlots: d.settings.maxSlots,
            callFrequency: d.settings.callFrequency,
            availableDays: d.settings.availableDays,
            visitWindows: d.settings.visitWindows,
            slotMinutes: d.settings.slotMinutes,
          }
        : null,
    })),
    appointments: visits,
    absences: absences.map((a) => ({ ...a, createdAt: iso(a.createdAt), endedAt: iso(a.endedAt) })),
    activity: activity.map((a) => ({
      at: a.at.toISOString(),
      actor: { kind: a.actorKind, name: a.actorName },
      action: a.action,
      target: a.target,
      details: (a.details as Record<string, unknown> | null) ?? null,
    })),
    sessions: await sessionList(deps, actor),
    emailsSent: await emailList(deps, clinic.email),
  };
}

const accountTypeOf = (actor: Actor) => (actor.type === 'medrep' ? 'rep' : 'clinic');

/** The account's WhatsApp consent record (docs/decisions/044), oldest first. */
async function consentList(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await findConsentsOf(deps.db, { accountType: accountTypeOf(actor), accountId: actor.id });
  return rows.map((r) => ({ ...r, at: iso(r.at) }));
}

/** Step 1 of erasure: a 6-digit code to the account's e-mail, stored hashed, 15 minutes, 3 attempts. */
export async function requestAccountDeletion(deps: Deps, o: { actor: Actor }): Promise<MessageResponse> {
  const { actor } = o;
  const row = await accountRow(deps, actor);
  const code = generateCode();
  const i18n = i18nFor(accountLocale(row.language));
  await withWrite(deps, async (tx) => {
    await setDeletionCode(tx, {
      type: accountTypeOfActor(actor),
      id: actor.id,
      codeHash: hashCode(code, deps.config.SESSION_SECRET),
      expiresAt: new Date(deps.clock.now().getTime() + DELETE_CODE_LIFETIME_MS),
    });
    await deps.outbox.queueEmail(tx, {
      to: row.email,
      recipientId: actor.id,
      subject: i18n._('Confirm the deletion of your RepVisit account'),
      text: [
        i18n._('Your code to delete your RepVisit account is {code}.', { code }),
        '',
        i18n._(
          'It expires in 15 minutes. Deleting your account erases your personal data and signs you out everywhere;\npayment records the law requires us to keep are kept without your name or contact details.',
        ),
        '',
        i18n._('If you did not ask for this, ignore this e-mail and change your password.'),
      ].join('\n'),
      templateType: 'account_deletion',
    });
  });
  return { message: PRIVACY_MESSAGES.codeSent };
}

/**
 * Step 2: the right code erases the account's personal data and ends every session. The attempt is counted BEFORE
 * the code is compared, with one UPDATE ... RETURNING on a live code with attempts left (as the registration code,
 * decision 005): parallel guesses each get their own number, and at most 3 are ever compared.
 */
export async function confirmAccountDeletion(deps: Deps, o: { actor: Actor; code: string }): Promise<MessageResponse> {
  const { actor, code } = o;
  const now = deps.clock.now();
  const counted = await withWrite(deps, (w) =>
    countDeletionAttempt(w, { type: accountTypeOfActor(actor), id: actor.id, now, maxAttempts: DELETE_CODE_MAX_ATTEMPTS }),
  );
  if (!counted) {
    const row = await accountRow(deps, actor);
    if (!row.verificationOtp || !row.otpExpiry) throw badRequest(PRIVACY_MESSAGES.noCode, 'no_code');
    if (row.otpExpiry.getTime() <= now.getTime()) throw badRequest(PRIVACY_MESSAGES.expired, 'code_expired');
    throw new AppError('too_many_attempts', PRIVACY_MESSAGES.tooMany, 429);
  }
  if (!sameHash(hashCode(code, deps.config.SESSION_SECRET), counted.codeHash!)) {
    throw badRequest(counted.attempts >= DELETE_CODE_MAX_ATTEMPTS ? PRIVACY_MESSAGES.tooMany : PRIVACY_MESSAGES.wrong, 'wrong_code');
  }
  const row = await accountRow(deps, actor);
  const name = 'fullName' in row ? row.fullName : row.clinicName;
  const i18n = i18nFor(accountLocale(row.language));
  // The erasure removes every message that names the address, then queues this notice in the same transaction.
  const notice: OutgoingMail = {
    to: row.email,
    subject: i18n._('Your RepVisit account has been deleted'),
    text: [
      i18n._('Hello {name},', { name }),
      '',
      i18n._('Your RepVisit account and its personal data have been deleted, and you have been signed out everywhere.'),
      '',
      i18n._('Questions: {email}', { email: COMPANY.grievanceEmail }),
    ].join('\n'),
    templateType: 'account_deletion',
  };
  if (actor.type === 'medrep') await eraseRepAccount(deps, actor.id, notice);
  else await eraseClinicAccount(deps, actor.id, notice);
  await endAllSessions(deps, actor.type, actor.id);
  return { message: PRIVACY_MESSAGES.deleted };
}

/** A rep's row is anonymised (privacy.repo.ts `eraseRep` says why), and the notice queued in the same write. */
async function eraseRepAccount(deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, repId: number, notice: OutgoingMail) {
  const now = deps.clock.now();
  const unusablePassword = await hashPassword(newToken(32));
  await withWrite(deps, async (w) => {
    await eraseRep(w, { repId, unusablePassword, now });
    await forgetRepInActivity(w, { repId });
    await deps.outbox.queueEmail(w, notice);
  });
}

/** A clinic's row goes, with what hangs on it (privacy.repo.ts `eraseClinic`), and the notice queued in the same write. */
async function eraseClinicAccount(deps: Pick<Deps, 'db' | 'outbox'>, clinicId: number, notice: OutgoingMail) {
  await withWrite(deps, async (w) => {
    await eraseClinic(w, { clinicId });
    await deps.outbox.queueEmail(w, notice);
  });
}
