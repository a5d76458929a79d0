import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { and, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminAnalytics, AdminStats, SystemHealth } from '../../../shared/schemas/admin';
import { addDays, startOfIndianDay, todayInIndia } from '../../../shared/dates';
import {
  SUBSCRIPTION_STATUSES,
  effectiveSubscriptionStatus,
  isSubscriptionActive,
} from '../../../shared/subscription/subscription-status';
import { clinicUsers, doctorAppointments, doctors, emailAuditLog, medicalReps } from '../../db/schema';

// The four stat cards, the health alert and the analytics tab (spec part 2, 2.5; issue 7).

/** The statuses the shared rule counts as active (given a future expiry), taken from the rule itself. */
const ACTIVE_KINDS = SUBSCRIPTION_STATUSES.filter((status) =>
  isSubscriptionActive({ status, expiresAt: new Date(8.64e15), now: new Date(0) }),
);
const TRIAL_KINDS = ['free_trial', 'trial'];

const SLOW_DATABASE_MS = 1000;
const MAIL_FAILURES_DEGRADED = 3;
const HEAP_DEGRADED = 0.9;
const HEAP_CRITICAL = 0.98;

/**
 * Real checks: the database answers (and how fast), the mail transport's failures in the last hour (from
 * email_audit_log, stamped by the database's clock, so the window is the database's too) and the heap.
 */
export async function checkSystemHealth(app: FastifyInstance): Promise<{ health: SystemHealth; reasons: string[] }> {
  const started = performance.now();
  const dbUp = await app.database.ping();
  const latency = performance.now() - started;
  if (!dbUp) return { health: 'critical', reasons: ['database not answering'] };
  const reasons: string[] = [];
  const heap = getHeapStatistics();
  const heapUse = heap.used_heap_size / heap.heap_size_limit;
  if (heapUse > HEAP_CRITICAL) return { health: 'critical', reasons: ['memory nearly exhausted'] };
  if (heapUse > HEAP_DEGRADED) reasons.push('memory high');
  if (latency > SLOW_DATABASE_MS) reasons.push('database slow');
  const [mail] = await app.db
    .select({
      failed: sql<number>`count(*) filter (where ${emailAuditLog.status} <> 'sent')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${emailAuditLog.status} = 'sent')`.mapWith(Number),
    })
    .from(emailAuditLog)
    .where(sql`${emailAuditLog.sentAt} > now() - interval '1 hour'`);
  if (mail && mail.failed >= MAIL_FAILURES_DEGRADED && mail.failed > mail.sent) reasons.push('e-mails failing');
  return { health: reasons.length ? 'degraded' : 'healthy', reasons };
}

const countOf = async (app: FastifyInstance, table: typeof clinicUsers | typeof medicalReps | typeof doctorAppointments | typeof doctors) => {
  const [row] = await app.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

export async function getStats(app: FastifyInstance): Promise<AdminStats> {
  const { health, reasons } = await checkSystemHealth(app);
  if (health === 'critical') {
    app.log.warn({ reasons }, 'admin stats: system critical');
    return { totalClinics: 0, totalMedicalReps: 0, totalAppointments: 0, activeSubscriptions: 0, systemHealth: health };
  }
  if (reasons.length) app.log.warn({ reasons }, 'admin stats: system degraded');
  const [active] = await app.db
    .select({ n: count() })
    .from(medicalReps)
    .where(and(inArray(medicalReps.subscriptionStatus, ACTIVE_KINDS), gt(medicalReps.subscriptionExpiresAt, app.clock.now())));
  return {
    totalClinics: await countOf(app, clinicUsers),
    totalMedicalReps: await countOf(app, medicalReps),
    totalAppointments: await countOf(app, doctorAppointments),
    activeSubscriptions: active?.n ?? 0,
    systemHealth: health,
  };
}

const ANALYTICS_DAYS = 30;

export async function getAnalytics(app: FastifyInstance): Promise<AdminAnalytics> {
  const now = app.clock.now();
  const [totalReps, totalClinics, totalDoctors, totalAppointments] = [
    await countOf(app, medicalReps),
    await countOf(app, clinicUsers),
    await countOf(app, doctors),
    await countOf(app, doctorAppointments),
  ];

  // Booked per IST day: India has no daylight saving, so a fixed +5:30 from UTC is the Indian date.
  const firstDay = addDays(todayInIndia(now), -(ANALYTICS_DAYS - 1));
  const istDay = sql<string>`to_char((${doctorAppointments.bookedAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;
  const perDay = await app.db
    .select({ date: istDay, n: count() })
    .from(doctorAppointments)
    .where(gte(doctorAppointments.bookedAt, startOfIndianDay(firstDay)))
    .groupBy(istDay);
  const byDay = new Map(perDay.map((r) => [r.date, r.n]));
  const appointmentsPerDay = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    return { date, count: byDay.get(date) ?? 0 };
  });

  const bookingsByState = await app.db
    .select({ state: clinicUsers.state, count: count() })
    .from(doctorAppointments)
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .groupBy(clinicUsers.state)
    .orderBy(desc(count()), clinicUsers.state);

  const reps = await app.db
    .select({ status: medicalReps.subscriptionStatus, expiresAt: medicalReps.subscriptionExpiresAt })
    .from(medicalReps);
  const statusCounts = new Map<string, number>();
  for (const r of reps) {
    const status = effectiveSubscriptionStatus({ status: r.status, expiresAt: r.expiresAt, now });
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  }
  const subscriptionsByStatus = [...statusCounts].map(([status, n]) => ({ status, count: n })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  const sum = (kinds: string[]) => kinds.reduce((s, k) => s + (statusCounts.get(k) ?? 0), 0);

  return {
    overview: { totalUsers: totalReps + totalClinics, totalReps, totalClinics, totalDoctors, totalAppointments },
    subscriptions: {
      active: sum(ACTIVE_KINDS.filter((k) => !TRIAL_KINDS.includes(k))),
      freeTrials: sum(TRIAL_KINDS),
      expiredOrCancelled: sum(['expired', 'cancelled']),
    },
    appointmentsPerDay,
    bookingsByState,
    subscriptionsByStatus,
  };
}
