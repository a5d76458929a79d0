import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { AdminAnalytics, AdminStats, SystemHealth } from '../../../shared/schemas/admin';
import { addDays, todayInIndia } from '../../../shared/dates';
import { SUBSCRIPTION_STATUSES, effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import {
  queryAppointmentCount,
  queryAppointmentsByState,
  queryAppointmentsPerBookingDay,
  queryCompanyCounts,
  queryRecentMailOutcomes,
  queryRepsBySubscription,
  queryRowCount,
  queryVisitsByStatus,
} from './admin-stats.repo';

// The four stat cards, the health alert and the analytics tab (spec part 2, 2.5). The counts come from indexes and
// from tallies kept by the database (docs/decisions/024-admin-stats-summaries.md), not from reading every row.

type StatsDeps = Pick<Deps, 'db' | 'clock'>;
/** The health check also pings the database itself. */
type HealthDeps = Pick<Deps, 'db' | 'log' | 'clock'> & { database: Pick<Database, 'ping'> };

const FAR_FUTURE = new Date(8.64e15);
/** The statuses the shared rule counts as active (given a future expiry), taken from the rule itself. */
const ACTIVE_KINDS = SUBSCRIPTION_STATUSES.filter((status) => isSubscriptionActive({ status, expiresAt: FAR_FUTURE, now: new Date(0) }));
const TRIAL_KINDS = ['free_trial', 'trial'];

const SLOW_DATABASE_MS = 1000;
const MAIL_FAILURES_DEGRADED = 3;
const HEAP_DEGRADED = 0.9;
const HEAP_CRITICAL = 0.98;

/**
 * Real checks: the database answers (and how fast), the mail transport's failures in the last hour (from
 * email_audit_log, stamped by the database's clock, so the window is the database's too) and the heap.
 */
export async function checkSystemHealth(deps: Pick<HealthDeps, 'db' | 'database' | 'clock'>): Promise<{ health: SystemHealth; reasons: string[] }> {
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
  // Retrying counts with failed: an e-mail server that refuses shows here within the hour, not after the deadline.
  const mail = await queryRecentMailOutcomes(deps.db, { since: new Date(deps.clock.now().getTime() - 3_600_000) });
  if (mail && mail.failed >= MAIL_FAILURES_DEGRADED && mail.failed > mail.sent) reasons.push('e-mails failing');
  return { health: reasons.length ? 'degraded' : 'healthy', reasons };
}

/**
 * Reps per status as the panel reports it (the shared rule: an active kind past its expiry reads 'expired'), from
 * the per-status counts: the unexpired ones of a status read as a future expiry would, the rest as none would.
 */
async function countRepsByEffectiveStatus(deps: StatsDeps): Promise<Map<string, number>> {
  const now = deps.clock.now();
  const counts = new Map<string, number>();
  const add = (status: string, n: number) => {
    if (n > 0) counts.set(status, (counts.get(status) ?? 0) + n);
  };
  for (const row of await queryRepsBySubscription(deps.db, now)) {
    add(effectiveSubscriptionStatus({ status: row.status, expiresAt: FAR_FUTURE, now }), row.unexpired);
    add(effectiveSubscriptionStatus({ status: row.status, expiresAt: null, now }), row.reps - row.unexpired);
  }
  return counts;
}

const firstCount = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;
const sumOf = (counts: Map<string, number>, kinds: readonly string[]) => kinds.reduce((s, k) => s + (counts.get(k) ?? 0), 0);
/**
 * 'Active Subscriptions', the same count on the stat card and in the analytics (docs/decisions/035): every rep whose
 * subscription is active by the shared rule, free trials included (spec part 2, 1: a subscription is a free trial or
 * paid). The analytics' 'Free Trials' are the part of them on a trial.
 */
const countActiveSubscriptions = (reps: Map<string, number>) => sumOf(reps, ACTIVE_KINDS);

export async function getStats(deps: StatsDeps & HealthDeps): Promise<AdminStats> {
  const { health, reasons } = await checkSystemHealth(deps);
  if (health === 'critical') {
    deps.log.warn({ reasons }, 'admin stats: system critical');
    return {
      totalClinics: 0,
      totalMedicalReps: 0,
      totalCompanies: 0,
      verifiedCompanies: 0,
      totalAppointments: 0,
      activeSubscriptions: 0,
      systemHealth: health,
    };
  }
  if (reasons.length) deps.log.warn({ reasons }, 'admin stats: system degraded');
  const reps = await countRepsByEffectiveStatus(deps);
  const [companies] = await queryCompanyCounts(deps.db);
  return {
    totalClinics: firstCount(await queryRowCount(deps.db, 'clinics')),
    totalMedicalReps: sumOf(reps, [...reps.keys()]),
    // Pharma companies (docs/decisions/087-company-accounts.md).
    totalCompanies: companies?.total ?? 0,
    verifiedCompanies: companies?.verified ?? 0,
    totalAppointments: firstCount(await queryAppointmentCount(deps.db)),
    activeSubscriptions: countActiveSubscriptions(reps),
    systemHealth: health,
  };
}

const ANALYTICS_DAYS = 30;

/**
 * Of the visits dated in the 30 days before today (Indian dates) that were not cancelled, the share completed and the
 * share marked no-show (docs/decisions/041). Today is left out: its visits are still being marked.
 */
async function countVisitOutcomes(deps: StatsDeps): Promise<AdminAnalytics['visitOutcomes']> {
  const today = todayInIndia(deps.clock.now());
  const from = addDays(today, -ANALYTICS_DAYS);
  const to = addDays(today, -1);
  const byStatus = new Map((await queryVisitsByStatus(deps.db, { from, to })).map((r) => [r.status, r.count]));
  const visits = [...byStatus.values()].reduce((s, n) => s + n, 0);
  const completed = byStatus.get('completed') ?? 0;
  const noShow = byStatus.get('no_show') ?? 0;
  const rate = (n: number) => (visits === 0 ? null : n / visits);
  return { from, to, visits, completed, noShow, completionRate: rate(completed), noShowRate: rate(noShow) };
}

export async function getAnalytics(deps: StatsDeps): Promise<AdminAnalytics> {
  const statusCounts = await countRepsByEffectiveStatus(deps);
  const totalReps = sumOf(statusCounts, [...statusCounts.keys()]);
  const [totalClinics, totalDoctors, totalAppointments] = [
    firstCount(await queryRowCount(deps.db, 'clinics')),
    firstCount(await queryRowCount(deps.db, 'doctors')),
    firstCount(await queryAppointmentCount(deps.db)),
  ];

  // Booked per IST day (the tallies' day: the booking instant plus 5:30, India keeping no daylight saving).
  const firstDay = addDays(todayInIndia(deps.clock.now()), -(ANALYTICS_DAYS - 1));
  const byDay = new Map((await queryAppointmentsPerBookingDay(deps.db, { from: firstDay })).map((r) => [r.date, r.count]));
  const appointmentsPerDay = Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    return { date, count: byDay.get(date) ?? 0 };
  });

  const subscriptionsByStatus = [...statusCounts]
    .map(([status, n]) => ({ status, count: n }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));

  return {
    overview: { totalUsers: totalReps + totalClinics, totalReps, totalClinics, totalDoctors, totalAppointments },
    subscriptions: {
      active: countActiveSubscriptions(statusCounts),
      freeTrials: sumOf(statusCounts, TRIAL_KINDS),
      expiredOrCancelled: sumOf(statusCounts, ['expired', 'cancelled']),
    },
    appointmentsPerDay,
    bookingsByState: await queryAppointmentsByState(deps.db),
    subscriptionsByStatus,
    visitOutcomes: await countVisitOutcomes(deps),
  };
}
