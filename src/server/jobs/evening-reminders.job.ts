import { and, eq, inArray, sql } from 'drizzle-orm';
import { clinicUsers, doctorAppointments, doctors, medicalReps } from '../db/schema';
import { visitToken } from '../db/visit-order';
import { addDays, todayInIndia } from '../../shared/dates';
import type { PushSubscriptionJson } from '../../shared/schemas/notifications';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';
import { claimReminders, isClaimed, type ReminderClaim } from './reminder-claims';
import { visitPrefix, visitReminderMail, type VisitLine } from './reminder-mail';
import { queueVisitRemindersWhatsApp } from '../modules/whatsapp/whatsapp-messages.service';
import type { Locale } from '../../shared/i18n/locales';
import { accountLocale, i18nFor, listWordIn } from '../i18n';

// 18:00 IST (spec part 1, 1 'Smart Scheduling'; decision 011): every rep with an active (booked or confirmed)
// appointment tomorrow gets one e-mail listing tomorrow's visits and, if they allowed it, one web push.
// Claims are per appointment, so a visit booked after the run is not reminded by it, and nothing twice.

interface RepVisits {
  repId: number;
  repName: string;
  repEmail: string;
  subscription: PushSubscriptionJson | null;
  /** the rep's language: the e-mail and the push are written in it (docs/decisions/045) */
  locale: Locale;
  emailClaims: ReminderClaim[];
  pushClaims: ReminderClaim[];
  emailVisits: VisitLine[];
  pushVisits: VisitLine[];
}

/** One visit in a push of several: "Dr. Mir 15:30" (the time, where the doctor has visiting hours). */
const pushLine = (v: VisitLine) => (v.startTime ? `${v.doctorName} ${v.startTime}` : v.doctorName);

export async function runEveningReminders({ app, now }: JobOptions): Promise<JobOutcome> {
  const tomorrow = addDays(todayInIndia(now), 1);
  return runJob({
    app,
    name: 'evening-reminders',
    now,
    async prepare(tx) {
      const rows = await tx
        .select({
          appointmentId: doctorAppointments.id,
          repId: medicalReps.id,
          repName: medicalReps.fullName,
          repEmail: medicalReps.email,
          wantsEmail: medicalReps.emailNotifications,
          wantsPush: medicalReps.pushNotifications,
          subscription: medicalReps.pushSubscription,
          language: medicalReps.language,
          doctorName: doctors.name,
          doctorSpecialty: doctors.specialty,
          clinicName: clinicUsers.clinicName,
          clinicCity: clinicUsers.city,
          clinicState: clinicUsers.state,
          startTime: doctorAppointments.startTime,
          token: visitToken,
        })
        .from(doctorAppointments)
        .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
        .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
        .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
        .where(
          and(eq(doctorAppointments.appointmentDate, tomorrow), inArray(doctorAppointments.status, ['booked', 'confirmed']), eq(medicalReps.status, 'active')),
        )
        // Each rep's visits in the order of the day: by time (whole-day visits last), then as booked.
        .orderBy(doctorAppointments.repId, sql`${doctorAppointments.startTime} nulls last`, doctorAppointments.id);

      const claims: ReminderClaim[] = [];
      let optedOut = 0;
      for (const r of rows) {
        const subject = `appointment:${r.appointmentId}`;
        const recipient = `medrep:${r.repId}`;
        if (r.wantsEmail) claims.push({ kind: 'visit_email', subjectKey: subject, recipient });
        else optedOut++;
        if (r.wantsPush && r.subscription) claims.push({ kind: 'visit_push', subjectKey: subject, recipient });
      }
      const won = await claimReminders(tx, claims, now);

      const reps = new Map<number, RepVisits>();
      for (const r of rows) {
        const subject = `appointment:${r.appointmentId}`;
        const recipient = `medrep:${r.repId}`;
        const email: ReminderClaim = { kind: 'visit_email', subjectKey: subject, recipient };
        const push: ReminderClaim = { kind: 'visit_push', subjectKey: subject, recipient };
        const emailWon = isClaimed(won, email);
        const pushWon = isClaimed(won, push);
        if (!emailWon && !pushWon) continue;
        const entry = reps.get(r.repId) ?? {
          repId: r.repId,
          repName: r.repName,
          repEmail: r.repEmail,
          subscription: (r.subscription as PushSubscriptionJson | null) ?? null,
          locale: accountLocale(r.language),
          emailClaims: [],
          pushClaims: [],
          emailVisits: [],
          pushVisits: [],
        };
        const visit: VisitLine = { date: tomorrow, ...r };
        if (emailWon) {
          entry.emailClaims.push(email);
          entry.emailVisits.push(visit);
        }
        if (pushWon) {
          entry.pushClaims.push(push);
          entry.pushVisits.push(visit);
        }
        reps.set(r.repId, entry);
      }
      // The messages are written with the claims (docs/decisions/028-outbox.md): the outbox delivers and retries them.
      let emailsQueued = 0;
      let pushesQueued = 0;
      for (const rep of reps.values()) {
        if (rep.emailClaims.length > 0) {
          await app.outbox.queueEmail(
            tx,
            visitReminderMail({
              repId: rep.repId,
              repName: rep.repName,
              repEmail: rep.repEmail,
              date: tomorrow,
              visits: rep.emailVisits,
              appUrl: app.config.appUrl,
              locale: rep.locale,
            }),
          );
          emailsQueued++;
        }
        if (rep.pushClaims.length > 0 && rep.subscription) {
          const n = rep.pushVisits.length;
          const first = rep.pushVisits[0]!;
          const i18n = i18nFor(rep.locale);
          const title = i18n._('{count, plural, one {Visit tomorrow} other {# visits tomorrow}}', { count: n });
          await app.outbox.queuePush(tx, {
            repId: rep.repId,
            recipientEmail: rep.repEmail,
            recipientName: rep.repName,
            title,
            templateType: 'visit_reminder_push',
            payload: {
              title,
              body:
                n === 1
                  ? `${visitPrefix(first, rep.locale)}${i18n._('{doctor} at {clinic}, {city}', { doctor: first.doctorName, clinic: first.clinicName, city: listWordIn(i18n, first.clinicCity) })}`
                  : rep.pushVisits.map(pushLine).join(', '),
              url: '/medrep-dashboard',
              tag: `visits-${tomorrow}`,
            },
          });
          pushesQueued++;
        }
      }
      const whatsappQueued = await queueVisitRemindersWhatsApp(app, tx, { date: tomorrow, visits: rows, now });
      return { emailsQueued, pushesQueued, whatsappQueued, emailOptedOut: optedOut };
    },
    countsOf: (work) => work,
  });
}
