import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { claimReminders, isClaimed, type ReminderClaim } from '../../jobs/reminder-claims';
import { visitDateText, visitLabel } from '../../../shared/booking/visit-label';
import { formatDisplayDate, todayInIndia } from '../../../shared/dates';
import type { Locale } from '../../../shared/i18n/locales';
import type { Config } from '../../config';
import { accountLocale, i18nFor, listWordIn, reasonFor } from '../../i18n';
import { dayIn, indianTimeIn } from '../../message-dates';
import { findClinicsWithWhatsApp, findRepsWithWhatsApp, hasWhatsAppNumber, type WhatsAppAccount } from './whatsapp.repo';
import {
  fitTemplateValues,
  isWhatsAppConfigured,
  LIST_PARAMETER_MAX,
  templateMessage,
  templateName,
  templateText,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateKey,
} from './whatsapp-templates';

// The product's WhatsApp messages (docs/decisions/044-whatsapp.md, Messages). Each is queued in the outbox in the
// transaction that queues its e-mail (docs/decisions/028-outbox.md), only when the channel is configured and only
// to an account with WhatsApp on (an opted-in number): callers pass what the e-mail says, these functions find
// who opted in. Each answers how many messages it queued. Each goes in the account's language: the template's
// translation registered in that language, its values written in it (docs/decisions/045-languages.md); the
// history's subject stays English (it is the admin's record). A name someone typed goes in only as templateName
// makes it (docs/decisions/048): short, without links or formatting.

type MessageDeps = Pick<Deps, 'config' | 'outbox'>;

/** "Tuesday, 24/11/2026 at 15:30", or without the time for a whole-day visit. */
const visitDay = (locale: Locale, date: string, startTime: string | null | undefined) => dayIn(locale, date, startTime ?? null);
/** The visit's date and time in the English summary a message keeps of itself (the template's parameters are in the account's language). */
const visitDateInEnglish = (date: string, startTime: string | null | undefined) => i18nFor('en')._(visitDateText(date, startTime));

/**
 * The Cloud API's `language.code` of a template in a language: English is the configured WHATSAPP_TEMPLATE_LANGUAGE
 * (as before the languages), Hindi 'hi' and Urdu 'ur' (the translations registered under the same template names).
 */
export function whatsappLanguageCode(config: Pick<Config, 'WHATSAPP_TEMPLATE_LANGUAGE'>, locale: Locale): string {
  return locale === 'en' ? config.WHATSAPP_TEMPLATE_LANGUAGE : locale;
}

async function queueTo(deps: MessageDeps, tx: Tx, to: WhatsAppAccount, key: WhatsAppTemplateKey, subject: string, values: string[]): Promise<void> {
  const template = templateMessage(
    deps.config,
    key,
    fitTemplateValues(
      key,
      values.map((v) => templateText(v, LIST_PARAMETER_MAX)),
    ),
  );
  await deps.outbox.queueWhatsApp(tx, {
    to: to.whatsappNumber!,
    recipientId: to.id,
    recipientEmail: to.email,
    recipientName: to.name,
    subject,
    // Each value at most a list's length (a free text, the reason, is cut shorter where it is passed), the longest
    // cut further should the filled body pass WhatsApp's 1024 characters.
    template: { ...template, language: { code: whatsappLanguageCode(deps.config, accountLocale(to.language)) } },
    templateType: WHATSAPP_TEMPLATES[key].templateType,
  });
}

/** Items joined with "; " within the list parameter's length; what does not fit is counted ("and 3 more"). */
export function listWithin(items: string[], max = LIST_PARAMETER_MAX, locale: Locale = 'en'): string {
  const i18n = i18nFor(locale);
  const andMore = (count: number) => i18n._('and {count} more', { count });
  const kept: string[] = [];
  let length = 0;
  for (const [i, item] of items.entries()) {
    const rest = items.length - i;
    const more = rest > 1 ? ` ${andMore(rest - 1)}`.length : 0;
    if (length + item.length + 2 + more > max) {
      kept.push(andMore(rest));
      break;
    }
    kept.push(item);
    length += item.length + 2;
  }
  return kept.join('; ');
}

/** A rep's visit as its messages name it. */
interface RepVisit {
  repId: number;
  doctorName: string;
  clinicName: string;
  clinicCity?: string;
  date: string;
  startTime: string | null;
}

/** The booking confirmation (the rep; queued with bookingConfirmationMail). */
export async function queueBookingWhatsApp(deps: MessageDeps, tx: Tx, o: RepVisit & { token?: number | null; requiresApproval?: boolean }): Promise<number> {
  if (!isWhatsAppConfigured(deps.config)) return 0;
  const rep = (await findRepsWithWhatsApp(tx, { repIds: [o.repId] })).get(o.repId);
  if (!rep) return 0;
  const locale = accountLocale(rep.language);
  const i18n = i18nFor(locale);
  const state = o.requiresApproval
    ? i18n._("booked and awaiting the clinic's confirmation")
    : o.token
      ? i18n._('booked (token #{token})', { token: o.token })
      : i18n._('booked');
  const place = o.clinicCity ? `${o.clinicName}, ${listWordIn(i18n, o.clinicCity)}` : o.clinicName;
  await queueTo(deps, tx, rep, 'booking', `Visit booked: ${o.doctorName} on ${visitDateInEnglish(o.date, o.startTime)}`, [
    templateName(rep.name),
    templateName(o.doctorName),
    templateName(place),
    visitDay(locale, o.date, o.startTime),
    state,
  ]);
  return 1;
}

/** A clinic's cancellation of visits, with its reason (each rep; queued with queueCancellationMails). */
export async function queueCancellationWhatsApp(
  deps: MessageDeps,
  tx: Tx,
  o: {
    visits: ReadonlyArray<{ repId: number; appointmentDate: string; startTime?: string | null; doctorName: string; clinicName: string }>;
    reason: string;
  },
): Promise<number> {
  if (!isWhatsAppConfigured(deps.config) || o.visits.length === 0) return 0;
  const reps = await findRepsWithWhatsApp(tx, { repIds: o.visits.map((v) => v.repId) });
  let queued = 0;
  for (const v of o.visits) {
    const rep = reps.get(v.repId);
    if (!rep) continue;
    await queueTo(deps, tx, rep, 'cancellation', `Visit cancelled: ${v.doctorName} on ${visitDateInEnglish(v.appointmentDate, v.startTime)}`, [
      templateName(rep.name),
      templateName(v.clinicName),
      templateName(v.doctorName),
      visitDay(accountLocale(rep.language), v.appointmentDate, v.startTime),
      // The product's own reasons and the quick picks in the rep's language (docs/decisions/052).
      templateText(reasonFor(i18nFor(accountLocale(rep.language)), o.reason)),
    ]);
    queued++;
  }
  return queued;
}

/** One visit of tomorrow's reminder. */
export interface ReminderVisit {
  appointmentId: number;
  repId: number;
  startTime: string | null;
  token: number | null;
  doctorName: string;
  clinicName: string;
  clinicCity: string;
}

/**
 * The day-before reminder (evening-reminders job): one message per opted-in rep listing tomorrow's visits, each
 * visit claimed once for WhatsApp (reminders_sent, kind visit_whatsapp), so a second run sends nothing again.
 */
export async function queueVisitRemindersWhatsApp(
  deps: MessageDeps,
  tx: Tx,
  o: { date: string; visits: readonly ReminderVisit[]; now: Date },
): Promise<number> {
  if (!isWhatsAppConfigured(deps.config) || o.visits.length === 0) return 0;
  const reps = await findRepsWithWhatsApp(tx, { repIds: o.visits.map((v) => v.repId) });
  const claimOf = (v: ReminderVisit): ReminderClaim => ({
    kind: 'visit_whatsapp',
    subjectKey: `appointment:${v.appointmentId}`,
    recipient: `medrep:${v.repId}`,
  });
  const wanted = o.visits.filter((v) => reps.has(v.repId));
  const won = await claimReminders(tx, wanted.map(claimOf), o.now);
  const byRep = new Map<number, ReminderVisit[]>();
  for (const v of wanted) if (isClaimed(won, claimOf(v))) byRep.set(v.repId, [...(byRep.get(v.repId) ?? []), v]);
  for (const [repId, visits] of byRep) {
    const locale = accountLocale(reps.get(repId)!.language);
    const i18n = i18nFor(locale);
    const lines = visits.map((v) => {
      const when = [v.startTime, v.token ? i18n._('token #{token}', { token: v.token }) : null].filter(Boolean).join(', ');
      const visit = i18n._('{doctor} at {clinic}, {city}', {
        doctor: templateName(v.doctorName),
        clinic: templateName(v.clinicName),
        city: listWordIn(i18n, v.clinicCity),
      });
      return `${when ? `${when}: ` : ''}${visit}`;
    });
    const n = visits.length;
    await queueTo(deps, tx, reps.get(repId)!, 'reminder', `Reminder: ${n === 1 ? 'your visit' : `your ${n} visits`} tomorrow, ${formatDisplayDate(o.date)}`, [
      templateName(reps.get(repId)!.name),
      visitDay(locale, o.date, null),
      listWithin(lines, LIST_PARAMETER_MAX, locale),
    ]);
  }
  return byRep.size;
}

/** One visitor of a clinic's day. */
export interface ClinicDayVisitor {
  clinicId: number;
  doctorName: string;
  repName: string;
  company: string;
  startTime: string | null;
  token: number | null;
}

/**
 * The clinic's morning list (clinic-morning-list job): one message per opted-in clinic with today's visitors by
 * doctor, in the day's order, claimed once per clinic and day (kind clinic_visitors_whatsapp).
 */
export async function queueClinicVisitorsWhatsApp(
  deps: MessageDeps,
  tx: Tx,
  o: { date: string; visitors: readonly ClinicDayVisitor[]; now: Date },
): Promise<number> {
  if (!isWhatsAppConfigured(deps.config) || o.visitors.length === 0) return 0;
  const clinics = await findClinicsWithWhatsApp(tx, { clinicIds: o.visitors.map((v) => v.clinicId) });
  const claimOf = (clinicId: number): ReminderClaim => ({
    kind: 'clinic_visitors_whatsapp',
    subjectKey: `clinic:${clinicId}:${o.date}`,
    recipient: `clinic:${clinicId}`,
  });
  const won = await claimReminders(tx, [...clinics.keys()].map(claimOf), o.now);
  let queued = 0;
  for (const clinic of clinics.values()) {
    if (!isClaimed(won, claimOf(clinic.id))) continue;
    const visitors = o.visitors.filter((v) => v.clinicId === clinic.id);
    const byDoctor = new Map<string, ClinicDayVisitor[]>();
    for (const v of visitors) byDoctor.set(v.doctorName, [...(byDoctor.get(v.doctorName) ?? []), v]);
    const sections = [...byDoctor].map(
      ([doctor, list]) =>
        `${templateName(doctor)}: ${list
          .map((v, i) => `${visitLabel({ token: v.token ?? i + 1, start_time: v.startTime })} ${templateName(v.repName)} (${templateName(v.company)})`)
          .join(', ')}`,
    );
    const locale = accountLocale(clinic.language);
    await queueTo(deps, tx, clinic, 'morningList', `Today's visitors at ${clinic.clinicName}, ${formatDisplayDate(o.date)}`, [
      templateName(clinic.name),
      templateName(clinic.clinicName),
      visitDay(locale, o.date, null),
      String(visitors.length),
      listWithin(sections, LIST_PARAMETER_MAX, locale),
    ]);
    queued++;
  }
  return queued;
}

/** The renewal notice (renewal-reminders job): once per rep and expiry (kind renewal_whatsapp), to reps who want renewal reminders. */
export async function queueRenewalWhatsApp(
  deps: MessageDeps & Pick<Deps, 'config'>,
  tx: Tx,
  o: { renewals: ReadonlyArray<{ repId: number; expiresAt: Date }>; now: Date },
): Promise<number> {
  if (!isWhatsAppConfigured(deps.config) || o.renewals.length === 0) return 0;
  const reps = await findRepsWithWhatsApp(tx, { repIds: o.renewals.map((r) => r.repId) });
  const claimOf = (r: { repId: number; expiresAt: Date }): ReminderClaim => ({
    kind: 'renewal_whatsapp',
    subjectKey: `subscription:${r.repId}:${r.expiresAt.toISOString()}`,
    recipient: `medrep:${r.repId}`,
  });
  const wanted = o.renewals.filter((r) => reps.has(r.repId));
  const won = await claimReminders(tx, wanted.map(claimOf), o.now);
  let queued = 0;
  for (const r of wanted) {
    if (!isClaimed(won, claimOf(r))) continue;
    const expiryDate = todayInIndia(r.expiresAt);
    await queueTo(deps, tx, reps.get(r.repId)!, 'renewal', `Subscription ends on ${formatDisplayDate(expiryDate)}`, [
      templateName(reps.get(r.repId)!.name),
      visitDay(accountLocale(reps.get(r.repId)!.language), expiryDate, null),
      `${deps.config.appUrl}/medrep-dashboard`,
    ]);
    queued++;
  }
  return queued;
}

/**
 * The waitlist offer (docs/decisions/043): a freed place is held for the rep until `offerExpiresAt`; the message
 * carries the accept link. Call it in the transaction that makes the offer, beside its e-mail.
 */
export async function waitlistOfferWhatsApp(deps: MessageDeps, tx: Tx, o: RepVisit & { offerExpiresAt: Date; acceptUrl: string }): Promise<number> {
  if (!isWhatsAppConfigured(deps.config)) return 0;
  const rep = (await findRepsWithWhatsApp(tx, { repIds: [o.repId] })).get(o.repId);
  if (!rep) return 0;
  const locale = accountLocale(rep.language);
  const until = indianTimeIn(locale, o.offerExpiresAt);
  const i18n = i18nFor(locale);
  await queueTo(deps, tx, rep, 'waitlistOffer', `A place opened: ${o.doctorName} on ${visitDateInEnglish(o.date, o.startTime)}`, [
    templateName(rep.name),
    templateName(o.doctorName),
    templateName(o.clinicCity ? `${o.clinicName}, ${listWordIn(i18n, o.clinicCity)}` : o.clinicName),
    visitDay(locale, o.date, o.startTime),
    until,
    o.acceptUrl,
  ]);
  return 1;
}

/**
 * The waitlist offer that ran out (docs/decisions/050): the rep is told the place went to the next rep waiting, with
 * the link to their waitlist. Call it in the transaction that closes the offer, beside its e-mail.
 */
export async function waitlistOfferExpiredWhatsApp(deps: MessageDeps, tx: Tx, o: RepVisit & { waitlistUrl: string }): Promise<number> {
  if (!isWhatsAppConfigured(deps.config)) return 0;
  const rep = (await findRepsWithWhatsApp(tx, { repIds: [o.repId] })).get(o.repId);
  if (!rep) return 0;
  const locale = accountLocale(rep.language);
  const i18n = i18nFor(locale);
  await queueTo(deps, tx, rep, 'waitlistOfferExpired', `Offer expired: ${o.doctorName} on ${visitDateInEnglish(o.date, o.startTime)}`, [
    rep.name,
    o.doctorName,
    o.clinicCity ? `${o.clinicName}, ${listWordIn(i18n, o.clinicCity)}` : o.clinicName,
    visitDay(locale, o.date, o.startTime),
    o.waitlistUrl,
  ]);
  return 1;
}

/**
 * The doctor running late (docs/decisions/073): each opted-in rep of the day not yet seen. Call it in the transaction
 * that records the lateness, beside the e-mails and pushes; the caller tells a rep once per change of 15+ minutes.
 */
export async function queueRunningLateWhatsApp(
  deps: MessageDeps,
  tx: Tx,
  o: { repIds: readonly number[]; doctorName: string; clinicName: string; minutes: number },
): Promise<number> {
  if (!isWhatsAppConfigured(deps.config) || o.repIds.length === 0) return 0;
  const reps = await findRepsWithWhatsApp(tx, { repIds: [...o.repIds] });
  for (const rep of reps.values()) {
    await queueTo(deps, tx, rep, 'runningLate', `Running late: ${o.doctorName}, about ${o.minutes} minutes`, [
      templateName(rep.name),
      templateName(o.doctorName),
      templateName(o.clinicName),
      String(o.minutes),
    ]);
  }
  return reps.size;
}

/**
 * Asked by the WhatsApp channel just before it sends a queued message: is the account's WhatsApp still on at that
 * number? A STOP or the switch turned off since the message was queued stops it. A number code goes regardless:
 * it is sent to confirm a number not yet on.
 */
export async function isWhatsAppMessageStillWanted(
  deps: Pick<Deps, 'db'>,
  row: { templateType: string; recipientId: number | null; recipientPhone: string | null },
): Promise<boolean> {
  if (row.templateType === WHATSAPP_TEMPLATES.numberCode.templateType) return true;
  if (row.recipientId === null || row.recipientPhone === null) return false;
  const accountType = row.templateType === WHATSAPP_TEMPLATES.morningList.templateType ? 'clinic' : 'rep';
  return hasWhatsAppNumber(deps.db, { accountType, accountId: row.recipientId, phone: row.recipientPhone });
}
