import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { COMPANY } from '../../../shared/constants';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { AccountExport } from '../../../shared/schemas/privacy';
import {
  clinicAbsences,
  clinicDoctorSettings,
  clinicDoctors,
  clinicUsers,
  doctorAppointments,
  doctors,
  emailChangeRestores,
  idempotencyKeys,
  outbox,
  medicalReps,
  passwordResetTokens,
  profileUpdateCodes,
  waitlistEntries,
  whatsappConsents,
  whatsappNumberCodes,
  sessions,
  subscriptionOrders,
} from '../../db/schema';
import type { Deps } from '../../deps';
import type { OutgoingMail } from '../../outbox/outbox';
import { AppError, badRequest, notFound } from '../../errors';
import { endAllSessions, newToken, type Actor } from '../auth/sessions.service';
import { cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { generateCode, hashCode, sameHash } from '../auth/codes';
import { hashPassword } from '../auth/password';
import { accountLocale, i18nFor } from '../../i18n';

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

async function accountRow(deps: Pick<Deps, 'db'>, actor: Actor) {
  const table = actor.type === 'clinic' ? clinicUsers : medicalReps;
  const [row] = await deps.db.select().from(table).where(eq(table.id, actor.id)).limit(1);
  if (!row) throw notFound(/*i18n*/ 'Account not found');
  return row;
}

async function sessionList(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userType, actor.type), eq(sessions.userId, actor.id)));
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
  const rows = await deps.db
    .select()
    .from(outbox)
    .where(sql`${outbox.channel} = 'email' and lower(${outbox.recipientEmail}) = ${email.toLowerCase()}`);
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
    const [rep] = await deps.db.select().from(medicalReps).where(eq(medicalReps.id, actor.id)).limit(1);
    if (!rep) throw notFound(/*i18n*/ 'Account not found');
    const appointments = await deps.db
      .select({
        id: doctorAppointments.id,
        date: doctorAppointments.appointmentDate,
        startTime: doctorAppointments.startTime,
        status: doctorAppointments.status,
        doctor: doctors.name,
        clinic: clinicUsers.clinicName,
        city: clinicUsers.city,
        cancellationReason: doctorAppointments.cancelReason,
        bookedAt: doctorAppointments.bookedAt,
        // When the rep checked in at reception (docs/decisions/041): the rep's own record of the visit.
        checkedInAt: doctorAppointments.checkedInAt,
      })
      .from(doctorAppointments)
      .leftJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
      .leftJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
      .where(eq(doctorAppointments.repId, actor.id));
    const orders = await deps.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.repId, actor.id));
    const waitlist = await deps.db
      .select({
        date: waitlistEntries.date,
        doctor: doctors.name,
        clinic: clinicUsers.clinicName,
        status: waitlistEntries.status,
        joinedAt: waitlistEntries.createdAt,
      })
      .from(waitlistEntries)
      .leftJoin(doctors, eq(doctors.id, waitlistEntries.doctorId))
      .leftJoin(clinicUsers, eq(clinicUsers.id, waitlistEntries.clinicId))
      .where(eq(waitlistEntries.repId, actor.id))
      .orderBy(waitlistEntries.date, waitlistEntries.id);
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
  const [clinic] = await deps.db.select().from(clinicUsers).where(eq(clinicUsers.id, actor.id)).limit(1);
  if (!clinic) throw notFound(/*i18n*/ 'Account not found');
  const doctorRows = await deps.db
    .select({ id: doctors.id, name: doctors.name, specialty: doctors.specialty, settings: clinicDoctorSettings })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .leftJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(eq(clinicDoctors.clinicId, actor.id));
  const visits = await deps.db
    .select({
      id: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      startTime: doctorAppointments.startTime,
      status: doctorAppointments.status,
      doctor: doctors.name,
      rep: medicalReps.fullName,
      company: medicalReps.company,
      cancellationReason: doctorAppointments.cancelReason,
    })
    .from(doctorAppointments)
    .leftJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .leftJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .where(eq(doctorAppointments.clinicId, actor.id));
  const absences = await deps.db
    .select({
      from: clinicAbsences.fromDate,
      to: clinicAbsences.toDate,
      doctor: doctors.name,
      reason: clinicAbsences.reason,
      createdAt: clinicAbsences.createdAt,
      endedAt: clinicAbsences.endedAt,
    })
    .from(clinicAbsences)
    .leftJoin(doctors, eq(doctors.id, clinicAbsences.doctorId))
    .where(eq(clinicAbsences.clinicId, actor.id))
    .orderBy(clinicAbsences.fromDate, clinicAbsences.id);
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
    sessions: await sessionList(deps, actor),
    emailsSent: await emailList(deps, clinic.email),
  };
}

const accountTypeOf = (actor: Actor) => (actor.type === 'medrep' ? 'rep' : 'clinic');

/** The account's WhatsApp consent record (docs/decisions/044), oldest first. */
async function consentList(deps: Pick<Deps, 'db'>, actor: Actor) {
  const rows = await deps.db
    .select({
      phone: whatsappConsents.phone,
      action: whatsappConsents.action,
      wording: whatsappConsents.wording,
      source: whatsappConsents.source,
      at: whatsappConsents.createdAt,
    })
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.accountType, accountTypeOf(actor)), eq(whatsappConsents.accountId, actor.id)))
    .orderBy(whatsappConsents.id);
  return rows.map((r) => ({ ...r, at: iso(r.at) }));
}

/**
 * The WhatsApp rows of an erased account: its number codes and its consent record. Once the account is gone no
 * message can be sent on that consent, so the record has nothing left to prove (docs/decisions/044).
 */
async function eraseWhatsApp(tx: Parameters<Parameters<typeof invalidatingTransaction>[1]>[0], accountType: 'rep' | 'clinic', accountId: number) {
  await tx.delete(whatsappNumberCodes).where(and(eq(whatsappNumberCodes.accountType, accountType), eq(whatsappNumberCodes.accountId, accountId)));
  await tx.delete(whatsappConsents).where(and(eq(whatsappConsents.accountType, accountType), eq(whatsappConsents.accountId, accountId)));
}

/** Step 1 of erasure: a 6-digit code to the account's e-mail, stored hashed, 15 minutes, 3 attempts. */
export async function requestAccountDeletion(deps: Deps, o: { actor: Actor }): Promise<MessageResponse> {
  const { actor } = o;
  const row = await accountRow(deps, actor);
  const code = generateCode();
  const i18n = i18nFor(accountLocale(row.language));
  const table = actor.type === 'clinic' ? clinicUsers : medicalReps;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({
        verificationOtp: hashCode(code, deps.config.SESSION_SECRET),
        otpExpiry: new Date(deps.clock.now().getTime() + DELETE_CODE_LIFETIME_MS),
        otpAttempts: 0,
      })
      .where(eq(table.id, actor.id));
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
  const table = actor.type === 'clinic' ? clinicUsers : medicalReps;
  const now = deps.clock.now();
  const [counted] = await deps.db
    .update(table)
    .set({ otpAttempts: sql`${table.otpAttempts} + 1` })
    .where(and(eq(table.id, actor.id), isNotNull(table.verificationOtp), gt(table.otpExpiry, now), lt(table.otpAttempts, DELETE_CODE_MAX_ATTEMPTS)))
    .returning({ codeHash: table.verificationOtp, attempts: table.otpAttempts });
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
  if (actor.type === 'medrep') await eraseRep(deps, actor.id, notice);
  else await eraseClinic(deps, actor.id, notice);
  await endAllSessions(deps, actor.type, actor.id);
  return { message: PRIVACY_MESSAGES.deleted };
}

/**
 * A rep's row is anonymised, not deleted: subscription_orders (payment records kept by law) reference it and
 * would cascade away. Everything personal goes; the order rows keep amounts, dates and payment ids only.
 */
async function eraseRep(deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, repId: number, notice: OutgoingMail) {
  const now = deps.clock.now();
  const unusable = await hashPassword(newToken(32));
  const [rep] = await deps.db.select({ email: medicalReps.email }).from(medicalReps).where(eq(medicalReps.id, repId));
  // The rep's appointments go from many doctors' days, and the rep from clinics' lists: an erasure is rare
  // enough to empty every read cache (docs/decisions/016-keyed-read-caches.md).
  await invalidatingTransaction(deps.db, async (tx, changed) => {
    changed.add(cacheKey.everything());
    await tx.delete(doctorAppointments).where(eq(doctorAppointments.repId, repId));
    await tx.delete(profileUpdateCodes).where(eq(profileUpdateCodes.repId, repId));
    // The undo links of e-mail changes hold old addresses.
    await tx.delete(emailChangeRestores).where(eq(emailChangeRestores.repId, repId));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.repId, repId));
    // The kept (anonymised) row would keep its waitlist places: they go with the visits.
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.repId, repId));
    await eraseWhatsApp(tx, 'rep', repId);
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, 'medrep'), eq(passwordResetTokens.userId, repId)));
    if (rep) await tx.delete(outbox).where(sql`lower(${outbox.recipientEmail}) = ${rep.email.toLowerCase()}`);
    await deps.outbox.queueEmail(tx, notice);
    await tx
      .update(medicalReps)
      .set({
        fullName: 'Deleted account',
        email: `deleted-${repId}@deleted.invalid`,
        phone: `deleted-${repId}`,
        company: '',
        state: '',
        password: unusable,
        deviceFingerprint: null,
        verificationOtp: null,
        otpExpiry: null,
        otpAttempts: 0,
        resetToken: null,
        resetTokenExpires: null,
        pushSubscription: null,
        whatsappNumber: null,
        calendarFeedTokenHash: null,
        calendarFeedCreatedAt: null,
        verifiedLinkHash: null,
        emailNotifications: false,
        pushNotifications: false,
        renewalReminders: false,
        status: 'deleted',
        updatedAt: now,
      })
      .where(eq(medicalReps.id, repId));
  });
}

/** A clinic holds no payment records: its row goes, with its doctor links, settings and visits (cascade). */
async function eraseClinic(deps: Pick<Deps, 'db' | 'outbox'>, clinicId: number, notice: OutgoingMail) {
  const [clinic] = await deps.db.select({ email: clinicUsers.email }).from(clinicUsers).where(eq(clinicUsers.id, clinicId));
  // Its links, settings and visits go by cascade: rare enough to empty every read cache.
  await invalidatingTransaction(deps.db, async (tx, changed) => {
    changed.add(cacheKey.everything());
    const created = await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.createdByClinicId, clinicId));
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, 'clinic'), eq(passwordResetTokens.userId, clinicId)));
    await eraseWhatsApp(tx, 'clinic', clinicId);
    if (clinic) await tx.delete(outbox).where(sql`lower(${outbox.recipientEmail}) = ${clinic.email.toLowerCase()}`);
    await deps.outbox.queueEmail(tx, notice);
    await tx.delete(clinicUsers).where(eq(clinicUsers.id, clinicId));
    // Doctors this clinic added that no other clinic lists go too.
    const ids = created.map((d) => d.id);
    if (ids.length) {
      const stillLinked = await tx.select({ id: clinicDoctors.doctorId }).from(clinicDoctors).where(inArray(clinicDoctors.doctorId, ids));
      const orphans = ids.filter((id) => !stillLinked.some((l) => l.id === id));
      if (orphans.length) await tx.delete(doctors).where(and(inArray(doctors.id, orphans), isNull(doctors.createdByClinicId)));
    }
  });
}
