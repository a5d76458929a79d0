import { and, eq, inArray } from 'drizzle-orm';
import { clinicUsers, doctorAppointments, doctors, medicalReps } from '../db/schema';
import { visitOrderBy, visitToken } from '../db/visit-order';
import { todayInIndia } from '../../shared/dates';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';
import { claimReminders, isClaimed, type ReminderClaim } from './reminder-claims';
import { clinicVisitorsMail, type ClinicVisitor } from './reminder-mail';
import { queueClinicVisitorsWhatsApp } from '../modules/whatsapp/whatsapp-messages.service';
import type { Locale } from '../../shared/i18n/locales';
import { accountLocale } from '../i18n';

// 07:00 IST (decision 011): each clinic with e-mail notifications on (its Settings tab) gets the day's visitor
// list per doctor, in the day's order with each visit's time and token (docs/decisions/039). A clinic with no
// visitors today gets no e-mail.

interface ClinicList {
  clinicId: number;
  clinicName: string;
  contactPerson: string;
  email: string;
  /** the clinic's language: the list is written in it (docs/decisions/045) */
  locale: Locale;
  claim: ReminderClaim;
  visitors: ClinicVisitor[];
}

export async function runClinicMorningList({ app, now }: JobOptions): Promise<JobOutcome> {
  const today = todayInIndia(now);
  return runJob({
    app,
    name: 'clinic-morning-list',
    now,
    async prepare(tx) {
      const rows = await tx
        .select({
          clinicId: clinicUsers.id,
          clinicName: clinicUsers.clinicName,
          contactPerson: clinicUsers.contactPerson,
          email: clinicUsers.email,
          wantsEmail: clinicUsers.emailNotifications,
          language: clinicUsers.language,
          doctorName: doctors.name,
          doctorSpecialty: doctors.specialty,
          repName: medicalReps.fullName,
          company: medicalReps.company,
          phone: medicalReps.phone,
          status: doctorAppointments.status,
          startTime: doctorAppointments.startTime,
          token: visitToken,
        })
        .from(doctorAppointments)
        .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
        .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
        .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
        .where(
          and(eq(doctorAppointments.appointmentDate, today), inArray(doctorAppointments.status, ['booked', 'confirmed']), eq(clinicUsers.status, 'active')),
        )
        .orderBy(clinicUsers.id, doctors.name, doctors.id, ...visitOrderBy);

      const lists = new Map<number, ClinicList>();
      let optedOut = 0;
      for (const r of rows) {
        if (!r.wantsEmail) {
          optedOut++;
          continue;
        }
        const list = lists.get(r.clinicId) ?? {
          clinicId: r.clinicId,
          clinicName: r.clinicName,
          contactPerson: r.contactPerson,
          email: r.email,
          locale: accountLocale(r.language),
          claim: { kind: 'clinic_visitors', subjectKey: `clinic:${r.clinicId}:${today}`, recipient: `clinic:${r.clinicId}` },
          visitors: [],
        };
        list.visitors.push(r);
        lists.set(r.clinicId, list);
      }
      const won = await claimReminders(
        tx,
        [...lists.values()].map((l) => l.claim),
        now,
      );
      // Written with the claims (docs/decisions/028-outbox.md): the outbox delivers and retries them.
      const claimed = [...lists.values()].filter((l) => isClaimed(won, l.claim));
      await app.outbox.queueEmails(
        tx,
        claimed.map((l) => clinicVisitorsMail({ ...l, date: today, appUrl: app.config.appUrl })),
      );
      const whatsappQueued = await queueClinicVisitorsWhatsApp(app, tx, { date: today, visitors: rows, now });
      return { emailsQueued: claimed.length, whatsappQueued, visitsOptedOut: optedOut };
    },
    countsOf: (work) => work,
  });
}
