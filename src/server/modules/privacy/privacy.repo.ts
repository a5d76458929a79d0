import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import {
  clinicAbsences,
  clinicDoctorSettings,
  clinicDoctors,
  clinicUsers,
  doctorAppointments,
  doctors,
  emailChangeRestores,
  idempotencyKeys,
  medicalReps,
  outbox,
  passwordResetTokens,
  profileUpdateCodes,
  sessions,
  subscriptionOrders,
  waitlistEntries,
  whatsappConsents,
  whatsappNumberCodes,
} from '../../db/schema';
import type { Write } from '../../db/write';

// Queries of the data rights (decision 013): what the export reads of an account, the deletion code kept on the
// account's row, and the erasure. Writers name their keys (db/write.ts): the code's columns are the account's row
// (its key); an erasure empties every read cache (docs/decisions/016-keyed-read-caches.md: rare enough).

export type PrivacyAccountType = 'clinic' | 'medrep';

const accountTable = (type: PrivacyAccountType) => (type === 'clinic' ? clinicUsers : medicalReps) as typeof medicalReps;

/** The account's whole row (the clinic's or the rep's), or undefined. */
export async function findClinicRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(clinicUsers).where(eq(clinicUsers.id, id)).limit(1);
  return row;
}

export async function findRepRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(medicalReps).where(eq(medicalReps.id, id)).limit(1);
  return row;
}

// --- the export -------------------------------------------------------------------------------------------

export async function findSessionsOf(db: DbOrTx, o: { type: PrivacyAccountType; id: number }) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userType, o.type), eq(sessions.userId, o.id)));
}

/** The e-mails the outbox holds for an address (case-insensitive). */
export async function findEmailsTo(db: DbOrTx, email: string) {
  return db
    .select()
    .from(outbox)
    .where(sql`${outbox.channel} = 'email' and lower(${outbox.recipientEmail}) = ${email.toLowerCase()}`);
}

/** The account's WhatsApp consent record (docs/decisions/044), oldest first. */
export async function findConsentsOf(db: DbOrTx, o: { accountType: 'rep' | 'clinic'; accountId: number }) {
  return db
    .select({
      phone: whatsappConsents.phone,
      action: whatsappConsents.action,
      wording: whatsappConsents.wording,
      source: whatsappConsents.source,
      at: whatsappConsents.createdAt,
    })
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.accountType, o.accountType), eq(whatsappConsents.accountId, o.accountId)))
    .orderBy(whatsappConsents.id);
}

export async function findRepAppointments(db: DbOrTx, repId: number) {
  return db
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
    .where(eq(doctorAppointments.repId, repId));
}

export async function findRepOrders(db: DbOrTx, repId: number) {
  return db.select().from(subscriptionOrders).where(eq(subscriptionOrders.repId, repId));
}

export async function findRepWaitlist(db: DbOrTx, repId: number) {
  return db
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
    .where(eq(waitlistEntries.repId, repId))
    .orderBy(waitlistEntries.date, waitlistEntries.id);
}

/** The clinic's doctors with their call settings. */
export async function findClinicDoctors(db: DbOrTx, clinicId: number) {
  return db
    .select({ id: doctors.id, name: doctors.name, specialty: doctors.specialty, settings: clinicDoctorSettings })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .leftJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(eq(clinicDoctors.clinicId, clinicId));
}

export async function findClinicVisits(db: DbOrTx, clinicId: number) {
  return db
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
    .where(eq(doctorAppointments.clinicId, clinicId));
}

export async function findClinicAbsences(db: DbOrTx, clinicId: number) {
  return db
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
    .where(eq(clinicAbsences.clinicId, clinicId))
    .orderBy(clinicAbsences.fromDate, clinicAbsences.id);
}

// --- the deletion code ------------------------------------------------------------------------------------

/** Keeps a new deletion code (hashed) on the account's row; attempts start again. */
export async function setDeletionCode(w: Write, o: { type: PrivacyAccountType; id: number; codeHash: string; expiresAt: Date }): Promise<void> {
  const t = accountTable(o.type);
  const rows = await w.update(t).set({ verificationOtp: o.codeHash, otpExpiry: o.expiresAt, otpAttempts: 0 }).where(eq(t.id, o.id)).returning({ id: t.id });
  for (const row of rows) w.changed(cacheKey.account(o.type, row.id));
}

/**
 * Counts one attempt at the deletion code, only on a live code with attempts left (one UPDATE ... RETURNING, so
 * parallel guesses each get their own number); undefined when there is none.
 */
export async function countDeletionAttempt(w: Write, o: { type: PrivacyAccountType; id: number; now: Date; maxAttempts: number }) {
  const t = accountTable(o.type);
  const [row] = await w
    .update(t)
    .set({ otpAttempts: sql`${t.otpAttempts} + 1` })
    .where(and(eq(t.id, o.id), isNotNull(t.verificationOtp), gt(t.otpExpiry, o.now), lt(t.otpAttempts, o.maxAttempts)))
    .returning({ id: t.id, codeHash: t.verificationOtp, attempts: t.otpAttempts });
  if (row) w.changed(cacheKey.account(o.type, row.id));
  return row;
}

// --- erasure ----------------------------------------------------------------------------------------------

/**
 * The WhatsApp rows of an erased account: its number codes and its consent record. Once the account is gone no
 * message can be sent on that consent, so the record has nothing left to prove (docs/decisions/044).
 */
async function eraseWhatsApp(w: Write, accountType: 'rep' | 'clinic', accountId: number) {
  await w.delete(whatsappNumberCodes).where(and(eq(whatsappNumberCodes.accountType, accountType), eq(whatsappNumberCodes.accountId, accountId)));
  await w.delete(whatsappConsents).where(and(eq(whatsappConsents.accountType, accountType), eq(whatsappConsents.accountId, accountId)));
}

/** Every e-mail the outbox holds for the address goes (the erasure's own notice is queued after). */
async function eraseMailsTo(w: Write, email: string | undefined) {
  if (email !== undefined) await w.delete(outbox).where(sql`lower(${outbox.recipientEmail}) = ${email.toLowerCase()}`);
}

/**
 * A rep's row is anonymised, not deleted: subscription_orders (payment records kept by law) reference it and would
 * cascade away. Everything personal goes; the order rows keep amounts, dates and payment ids only. The rep's
 * appointments go from many doctors' days, and the rep from clinics' lists: every read cache empties.
 */
export async function eraseRep(w: Write, o: { repId: number; unusablePassword: string; now: Date }): Promise<void> {
  const { repId } = o;
  w.changed(cacheKey.everything());
  const [rep] = await w.select({ email: medicalReps.email }).from(medicalReps).where(eq(medicalReps.id, repId));
  await w.delete(doctorAppointments).where(eq(doctorAppointments.repId, repId));
  await w.delete(profileUpdateCodes).where(eq(profileUpdateCodes.repId, repId));
  // The undo links of e-mail changes hold old addresses.
  await w.delete(emailChangeRestores).where(eq(emailChangeRestores.repId, repId));
  await w.delete(idempotencyKeys).where(eq(idempotencyKeys.repId, repId));
  // The kept (anonymised) row would keep its waitlist places: they go with the visits.
  await w.delete(waitlistEntries).where(eq(waitlistEntries.repId, repId));
  await eraseWhatsApp(w, 'rep', repId);
  await w.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, 'medrep'), eq(passwordResetTokens.userId, repId)));
  await eraseMailsTo(w, rep?.email);
  await w
    .update(medicalReps)
    .set({
      fullName: 'Deleted account',
      email: `deleted-${repId}@deleted.invalid`,
      phone: `deleted-${repId}`,
      company: '',
      state: '',
      password: o.unusablePassword,
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
      updatedAt: o.now,
    })
    .where(eq(medicalReps.id, repId));
}

/**
 * A clinic holds no payment records: its row goes, with its doctor links, settings and visits (cascade), and the
 * doctors it added that no other clinic lists. Rare enough to empty every read cache.
 */
export async function eraseClinic(w: Write, o: { clinicId: number }): Promise<void> {
  const { clinicId } = o;
  w.changed(cacheKey.everything());
  const [clinic] = await w.select({ email: clinicUsers.email }).from(clinicUsers).where(eq(clinicUsers.id, clinicId));
  const created = await w.select({ id: doctors.id }).from(doctors).where(eq(doctors.createdByClinicId, clinicId));
  await w.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, 'clinic'), eq(passwordResetTokens.userId, clinicId)));
  await eraseWhatsApp(w, 'clinic', clinicId);
  await eraseMailsTo(w, clinic?.email);
  await w.delete(clinicUsers).where(eq(clinicUsers.id, clinicId));
  // Doctors this clinic added that no other clinic lists go too.
  const ids = created.map((d) => d.id);
  if (ids.length) {
    const stillLinked = await w.select({ id: clinicDoctors.doctorId }).from(clinicDoctors).where(inArray(clinicDoctors.doctorId, ids));
    const orphans = ids.filter((id) => !stillLinked.some((l) => l.id === id));
    if (orphans.length) await w.delete(doctors).where(and(inArray(doctors.id, orphans), isNull(doctors.createdByClinicId)));
  }
}
