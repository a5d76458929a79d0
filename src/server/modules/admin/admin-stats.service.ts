import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { and, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { AdminAnalytics, AdminStats, SystemHealth } from '../../../shared/schemas/admin';
import { addDays, startOfIndianDay, todayInIndia } from '../../../shared/dates';
import { SUBSCRIPTION_STATUSES, effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import type { Database } from '../../db/client';
import { clinicUsers, doctorAppointments, doctors, emailAuditLog, medicalReps } from '../../db/schema';
import type { Deps } from '../../deps';

// The four stat cards, the health alert and the analytics tab (spec part 2, 2.5).

type StatsDeps = Pick<Deps, 'db' | 'clock'>;
/** The health check also pings the database itself. */
type HealthDeps = Pick<Deps, 'db' | 'log'> & { database: Pick<Database, 'ping'> };

/** The statuses the shared rule counts as active (given a future expiry), taken from the rule itself. */
const ACTIVE_KINDS = SUBSCRIPTION_STATUSES.filter((status) => isSubscriptionActive({ status, expiresAt: new Date(8.64e15), now: new Date(0) }));
const TRIAL_KINDS = ['free_trial', 'trial'];

const SLOW_DATABASE_MS = 1000;
const MAIL_FAILURES_DEGRADED = 3;
const HEAP_DEGRADED = 0.9;
const HEAP_CRITICAL = 0.98;

/**
 * Real checks: the database answers (and how fast), the mail transport's failures in the last hour (from
 * email_audit_log, stamped by the database's clock, so the window is the database's too) and the heap.
 */
export async function checkSystemHealth(deps: Pick<HealthDeps, 'db' | 'database'>): Promise<{ health: SystemHealth; reasons: string[] }> {
  const started = performance.now();
  const dbUp = await deps.database.ping();
  const latency = performance.now() - started;
  if (!dbUp) return { health: 'critical', reasons: ['database not answering'] };
  const reasons: string[] = [];
  const heap = getHeapStatistics();
  const heapUse = heap.used_heap_size / heap.heap_size_limit;
  if (heapUse > HEAP_CRITICAL) return { health: 'critical', reasons: ['memory nearly exhausted'] };
  if (heapUse > HEAP_DEGRADED) reasons.push('memory high');
  if (latency > SLOW_DATABASE_MS) reasons.push('database slow');
  const [mail] = await deps.db
    .select({
      failed: sql<number>`count(*) filter (where ${emailAuditLog.status} <> 'sent')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${emailAuditLog.status} = 'sent')`.mapWith(Number),
    })
    .from(emailAuditLog)
    .where(sql`${emailAuditLog.sentAt} > now() - interval '1 hour'`);
  if (mail && mail.failed >= MAIL_FAILURES_DEGRADED && mail.failed > mail.sent) reasons.push('e-mails failing');
  return { health: reasons.length ? 'degraded' : 'healthy', reasons };
}

const countOf = async (deps: Pick<Deps, 'db'>, table: typeof clinicUsers | typeof medicalReps | typeof doctorAppointments | typeof doctors) => {
  const [row] = await deps.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

export async function getStats(deps: StatsDeps & HealthDeps): Promise<AdminStats> {
  const { health, reasons } = await checkSystemHealth(deps);
  if (health === 'critical') {
    deps.log.warn({ reasons }, 'admin stats: system critical');
    return { totalClinics: 0, totalMedicalReps: 0, totalAppointments: 0, activeSubscriptions: 0, systemHealth: health };
  }
  if (reasons.length) deps.log.warn({ reasons }, 'admin stats: system degraded');
  const [active] = await deps.db
    .select({ n: count() })
    .from(medicalReps)
    .where(and(inArray(medicalReps.subscriptionStatus, ACTIVE_KINDS), gt(medicalReps.subscriptionExpiresAt, deps.clock.now())));
  return {
    totalClinics: await countOf(deps, clinicUsers),
    totalMedicalReps: await countOf(deps, medicalReps),
    totalAppointments: await countOf(deps, doctorAppointments),
    activeSubscriptions: active?.n ?? 0,
    systemHealth: health,
  };
}

const ANALYTICS_DAYS = 30;

export async function getAnalytics(deps: StatsDeps): Promise<AdminAnalytics> {
  const now = deps.clock.now();
  const [totalReps, totalClinics, totalDoctors, totalAppointments] = [
    await countOf(deps, medicalReps),
    await countOf(deps, clinicUsers),
    await countOf(deps, doctors),
    await countOf(deps, doctorAppointments),
  ];

  // Booked per IST day: India has no daylight saving, so a fixed +5:30 from UTC is the Indian date.
  const firstDay = addDays(todayInIndia(now), -(ANALYTICS_DAYS - 1));
  const istDay = sql<string>`to_char((${doctorAppointments.bookedAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;
  const perDay = await deps.db
    .select({ date: istDay, n: count() })
    .from(doctorAppointments)
    .where(gte(doctorAppointments.bookedAt, startOfIndianDay(firstDay)))
    .groupBy(istDay);
  const byDay = new Map(perDay.map((r) => [r.date, r.n]));
  const appointmentsPerDay = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    return { date, count: byDay.get(date) ?? 0 };
  });

  const bookingsByState = await deps.db
    .select({ state: clinicUsers.state, count: count() })
    .from(doctorAppointments)
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .groupBy(clinicUsers.state)
    .orderBy(desc(count()), clinicUsers.state);

  const reps = await deps.db.select({ status: medicalReps.subscriptionStatus, expiresAt: medicalReps.subscriptionExpiresAt }).from(medicalReps);
  const statusCounts = new Map<string, number>();
  for (const r of reps) {
    const status = effectiveSubscriptionStatus({ status: r.status, expiresAt: r.expiresAt, now });
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  }
  const subscriptionsByStatus = [...statusCounts]
    .map(([status, n]) => ({ status, count: n }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
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
