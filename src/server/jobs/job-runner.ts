import { and, desc, eq, gte, inArray, isNotNull, or, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { withWrite, type Write } from '../db/write';
import { jobRuns } from '../db/schema';

// One run of a scheduled job, safe with several app instances (docs/decisions/011-jobs-advisory-locks.md):
// 1. In a transaction holding a PostgreSQL advisory lock (pg_try_advisory_xact_lock; on PGlite the single
//    connection serialises anyway), check that no other run of this job is running or already ran in this
//    minute, write the job_runs row and `prepare` the work: claim reminders in reminders_sent (a unique index)
//    and queue their messages in the outbox (docs/decisions/028-outbox.md), or, for the purge, delete. Another
//    instance that fires at the same moment finds the lock taken or the run written and skips, without a row of
//    its own. The outbox's worker delivers the messages; nothing slow runs under the lock.
// 2. Finish the job_runs row with the counts, or the error.
// A job that runs every minute (the waitlist sweep, docs/decisions/043) keeps a row of its own only for the runs that
// changed something (`keepIdleRuns: false`). Its idle runs share one row, the latest idle run, updated in place in the
// run's transaction (docs/decisions/056): the admin sees when it last ran, and job_runs grows by the work done, not by
// 1,440 rows a day. A failure is always kept.

export type JobName = 'evening-reminders' | 'clinic-morning-list' | 'renewal-reminders' | 'nightly-purge' | 'visit-close' | 'waitlist-sweep' | 'nightly-backup';

export interface JobOptions {
  app: FastifyInstance;
  /** The moment the run is for (the scheduler passes app.clock.now(); tests pass their clock's). */
  now: Date;
}

export type JobCounts = Record<string, number>;

export interface JobOutcome {
  status: 'succeeded' | 'failed' | 'skipped';
  runId: number | null;
  counts: JobCounts;
  error?: string;
}

/** A run marked running longer than this is taken for dead (a crashed instance) and no longer blocks. */
const STALE_RUNNING_MS = 30 * 60_000;

/** One run (see above), counted in the metrics by job and outcome (docs/decisions/059). */
export async function runJob<W>(opts: RunJobOptions<W>): Promise<JobOutcome> {
  const metrics = opts.app.metrics;
  let outcome: JobOutcome;
  try {
    outcome = await runJobOnce(opts);
  } catch (err) {
    // Its failure could not even be written (the database away): still a failed run.
    metrics?.jobRuns.inc({ job: opts.name, outcome: 'failed' });
    metrics?.jobFailures.inc({ job: opts.name });
    throw err;
  }
  metrics?.jobRuns.inc({ job: opts.name, outcome: outcome.status });
  if (outcome.status === 'failed') metrics?.jobFailures.inc({ job: opts.name });
  return outcome;
}

interface RunJobOptions<W> {
  app: FastifyInstance;
  name: JobName;
  now: Date;
  /** The claimed run's work, in the claim's write: the cache keys its repos (or the job) add are announced at its commit. */
  prepare: (w: Write) => Promise<W>;
  /** The run's counts, from what `prepare` did. */
  countsOf?: (work: W) => JobCounts;
  /** false: an all-0 run updates the job's one idle row instead of keeping its own (a frequent job; see above). Default true. */
  keepIdleRuns?: boolean;
  /**
   * Slow work done after the claim, outside the transaction and its lock (the backup, docs/decisions/060): the running
   * row keeps other instances off meanwhile. Its counts are the run's; a throw fails the run.
   */
  afterClaim?: (work: W) => Promise<JobCounts>;
}

async function runJobOnce<W>(opts: RunJobOptions<W>): Promise<JobOutcome> {
  const { app, name, now } = opts;
  const log = app.log.child({ job: name });
  const minuteStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  let runId: number | null = null;
  let work: W;
  try {
    const started = await withWrite(app, async (tx) => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`repvisit:job:${name}`})) as locked`);
      if (!rowsOf(lock)[0]?.locked) return null;
      const [busy] = await tx
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.name, name),
            or(
              and(eq(jobRuns.status, 'running'), gt(jobRuns.startedAt, new Date(now.getTime() - STALE_RUNNING_MS))),
              and(inArray(jobRuns.status, ['succeeded', 'failed']), gte(jobRuns.startedAt, minuteStart)),
            ),
          ),
        )
        .limit(1);
      if (busy) return null;
      const [row] = await tx.insert(jobRuns).values({ name, startedAt: now, status: 'running' }).returning({ id: jobRuns.id });
      const prepared = await opts.prepare(tx);
      const counts = opts.countsOf?.(prepared) ?? {};
      if (opts.keepIdleRuns === false && isIdle(counts)) {
        return { id: await keepAsIdleRun(tx, { name, runId: row!.id, now, finishedAt: app.clock.now(), counts }), prepared, finished: true };
      }
      return { id: row!.id, prepared, finished: false };
    });
    if (!started) {
      log.debug('job already running or done elsewhere; skipped');
      return { status: 'skipped', runId: null, counts: {} };
    }
    if (started.finished) {
      log.debug('job found nothing to do');
      return { status: 'succeeded', runId: started.id, counts: opts.countsOf?.(started.prepared) ?? {} };
    }
    runId = started.id;
    work = started.prepared;
  } catch (err) {
    // The transaction rolled back, the running row with it: record the failure in a row of its own.
    const error = errorText(err);
    log.error({ err }, 'job failed');
    const [row] = await app.db
      .insert(jobRuns)
      .values({ name, startedAt: now, finishedAt: app.clock.now(), status: 'failed', error })
      .returning({ id: jobRuns.id });
    return { status: 'failed', runId: row!.id, counts: {}, error };
  }

  let counts: JobCounts = opts.countsOf?.(work) ?? {};
  try {
    if (opts.afterClaim) counts = await opts.afterClaim(work);
    await app.db.update(jobRuns).set({ status: 'succeeded', finishedAt: app.clock.now(), counts }).where(eq(jobRuns.id, runId));
    log.info({ counts }, 'job finished');
    return { status: 'succeeded', runId, counts };
  } catch (err) {
    const error = errorText(err);
    log.error({ err }, 'job failed');
    await app.db.update(jobRuns).set({ status: 'failed', finishedAt: app.clock.now(), counts, error }).where(eq(jobRuns.id, runId));
    return { status: 'failed', runId, counts, error };
  }
}

const isIdle = (counts: JobCounts) => Object.values(counts).every((n) => n === 0);

/**
 * Records an idle run in the job's one idle row (a succeeded run whose counts are all 0), updated in place, and drops
 * the run's own row; the first idle run's row becomes that row. Under the run's advisory lock, so two instances never
 * both make one. The newest such row is found walking (name, started_at) backwards: it is the job's latest run but for
 * the runs that did work since, so the walk is short. Returns the idle row's id.
 */
async function keepAsIdleRun(tx: Tx, o: { name: JobName; runId: number; now: Date; finishedAt: Date; counts: JobCounts }): Promise<number> {
  const [idle] = await tx
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.name, o.name),
        eq(jobRuns.status, 'succeeded'),
        isNotNull(jobRuns.counts),
        sql`not exists (select 1 from jsonb_each_text(${jobRuns.counts}) as c where c.value <> '0')`,
      ),
    )
    .orderBy(desc(jobRuns.startedAt))
    .limit(1);
  const finish = { status: 'succeeded', startedAt: o.now, finishedAt: o.finishedAt, counts: o.counts };
  if (!idle) {
    await tx.update(jobRuns).set(finish).where(eq(jobRuns.id, o.runId));
    return o.runId;
  }
  await tx.delete(jobRuns).where(eq(jobRuns.id, o.runId));
  await tx.update(jobRuns).set(finish).where(eq(jobRuns.id, idle.id));
  return idle.id;
}

/** Rows of a raw query on either driver (node-postgres gives { rows }, PGlite too). */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const r = result as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  return Array.isArray(r) ? r : (r.rows ?? []);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
