import { and, eq, gt, lt } from 'drizzle-orm';
import { medicalReps } from '../db/schema';
import { addDays, startOfIndianDay, todayInIndia } from '../../shared/dates';
import { isSubscriptionActive } from '../../shared/subscription/subscription-status';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';
import { claimReminders, isClaimed, type ReminderClaim } from './reminder-claims';
import { renewalReminderMail } from './reminder-mail';
import { queueRenewalWhatsApp } from '../modules/whatsapp/whatsapp-messages.service';
import type { Locale } from '../../shared/i18n/locales';
import { accountLocale } from '../i18n';

// Daily (decision 011): a rep whose active subscription ends within 3 days (by the Indian calendar) is reminded
// to renew, once per expiry date: a renewal moves the expiry and earns its own reminder later. A day the job
// missed is caught up by the next run, since the window reaches from now to the end of the third day.

export const RENEWAL_NOTICE_DAYS = 3;

interface Renewal {
  repId: number;
  repName: string;
  repEmail: string;
  expiresAt: Date;
  expiryDate: string;
  /** the rep's language: the reminder is written in it (docs/decisions/045) */
  locale: Locale;
  claim: ReminderClaim;
}

export async function runRenewalReminders({ app, now }: JobOptions): Promise<JobOutcome> {
  const windowEnd = startOfIndianDay(addDays(todayInIndia(now), RENEWAL_NOTICE_DAYS + 1));
  return runJob({
    app,
    name: 'renewal-reminders',
    now,
    async prepare(tx) {
      const rows = await tx
        .select({
          repId: medicalReps.id,
          repName: medicalReps.fullName,
          repEmail: medicalReps.email,
          status: medicalReps.subscriptionStatus,
          expiresAt: medicalReps.subscriptionExpiresAt,
          wants: medicalReps.renewalReminders,
          language: medicalReps.language,
        })
        .from(medicalReps)
        .where(and(eq(medicalReps.status, 'active'), gt(medicalReps.subscriptionExpiresAt, now), lt(medicalReps.subscriptionExpiresAt, windowEnd)));
      const due: Renewal[] = [];
      let optedOut = 0;
      for (const r of rows) {
        if (!isSubscriptionActive({ status: r.status, expiresAt: r.expiresAt, now })) continue;
        if (!r.wants) {
          optedOut++;
          continue;
        }
        const expiryDate = todayInIndia(r.expiresAt!);
        due.push({
          repId: r.repId,
          repName: r.repName,
          repEmail: r.repEmail,
          expiresAt: r.expiresAt!,
          expiryDate,
          locale: accountLocale(r.language),
          claim: { kind: 'renewal_email', subjectKey: `subscription:${r.repId}:${r.expiresAt!.toISOString()}`, recipient: `medrep:${r.repId}` },
        });
      }
      const won = await claimReminders(
        tx,
        due.map((d) => d.claim),
        now,
      );
      // Written with the claims (docs/decisions/028-outbox.md): the outbox delivers and retries them.
      const claimed = due.filter((d) => isClaimed(won, d.claim));
      await app.outbox.queueEmails(
        tx,
        claimed.map((d) => renewalReminderMail({ ...d, appUrl: app.config.appUrl })),
      );
      const whatsappQueued = await queueRenewalWhatsApp(app, tx, { renewals: due, now });
      return { emailsQueued: claimed.length, whatsappQueued, optedOut };
    },
    countsOf: (work) => work,
  });
}
