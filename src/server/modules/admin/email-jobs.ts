import { randomUUID } from 'node:crypto';
import type { EmailJob } from '../../../shared/schemas/admin';

// Bulk e-mail jobs live in this process's memory (docs/decisions/009-admin-dashboard.md): the request answers
// 202 at once and the screen polls the job. Each e-mail is also a row in email_audit_log, which is what
// lasts; a restart mid-job loses only the progress counter and the mails not yet sent. A send by filter reads
// its recipients a batch at a time (docs/decisions/023), so a job never holds the whole list.

const KEEP_FINISHED_MS = 60 * 60_000;
const MAX_JOBS = 200;

interface StoredJob extends EmailJob {
  finishedAt: number | null;
}

export class EmailJobStore {
  private jobs = new Map<string, StoredJob>();

  create(total: number): StoredJob {
    this.prune();
    const job: StoredJob = { jobId: randomUUID(), total, sent: 0, failed: 0, done: total === 0, finishedAt: total === 0 ? Date.now() : null };
    this.jobs.set(job.jobId, job);
    return job;
  }

  get(jobId: string): EmailJob | undefined {
    const job = this.jobs.get(jobId);
    if (!job) return undefined;
    const { jobId: id, total, sent, failed, done } = job;
    return { jobId: id, total, sent, failed, done };
  }

  record(jobId: string, ok: boolean): void {
    const job = this.jobs.get(jobId);
    if (!job) return;
    if (ok) job.sent++;
    else job.failed++;
  }

  /**
   * The send has gone through its recipients. `reachedAll`: every recipient was tried, so the total becomes what
   * was tried (a rep deleted, or moved out of the filter, after the count is not owed a mail). Otherwise the send
   * stopped on an error and the total stays, so the screen shows the gap.
   */
  finish(jobId: string, o: { reachedAll: boolean }): void {
    const job = this.jobs.get(jobId);
    if (!job) return;
    if (o.reachedAll) job.total = job.sent + job.failed;
    job.done = true;
    job.finishedAt = Date.now();
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.finishedAt !== null && now - job.finishedAt > KEEP_FINISHED_MS) this.jobs.delete(id);
    // Never grow without bound: the oldest finished jobs go first.
    if (this.jobs.size >= MAX_JOBS) {
      for (const [id, job] of this.jobs) {
        if (this.jobs.size < MAX_JOBS) break;
        if (job.done) this.jobs.delete(id);
      }
    }
  }
}

/**
 * Reads batches from `nextBatch` (given the last item of the previous batch) until one comes back empty, and runs
 * `work` over each with at most `concurrency` at a time: a large send holds one batch in memory, not its list.
 */
export async function forEachInBatches<T>(
  nextBatch: (last: T | undefined) => Promise<T[]>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let last: T | undefined;
  for (;;) {
    const batch = await nextBatch(last);
    if (batch.length === 0) return;
    await runWithConcurrency(batch, concurrency, work);
    last = batch[batch.length - 1];
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function runWithConcurrency<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
