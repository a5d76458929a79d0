import { z } from 'zod';

// The scheduled jobs as the admin sees them, and the retention period the privacy page states.

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'skipped'] as const;

export const jobRunViewSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(JOB_RUN_STATUSES),
  counts: z.record(z.string(), z.number()).nullable(),
  error: z.string().nullable(),
});
export type JobRunView = z.infer<typeof jobRunViewSchema>;

export const jobViewSchema = z.object({
  name: z.string(),
  /** When it runs, in words (IST). */
  schedule: z.string(),
  lastRun: jobRunViewSchema.nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** GET /api/admin/jobs (admin session): each scheduled job with its last run. */
export const jobsResponseSchema = z.object({ jobs: z.array(jobViewSchema) });
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

/** A backup older than this is late: the nightly one failed or did not run (docs/decisions/060). */
export const BACKUP_STALE_HOURS = 36;

/**
 * GET /api/admin/backups (admin session): the newest backup of the embedded database, and whether it is late. On
 * PostgreSQL (`database: 'postgres'`) the operator's own tools take the backups and RepVisit knows none.
 */
export const backupStatusResponseSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  lastBackup: z.object({ at: z.string(), bytes: z.number() }).nullable(),
  /** No backup, or the newest older than BACKUP_STALE_HOURS (always false on PostgreSQL). */
  stale: z.boolean(),
});
export type BackupStatusResponse = z.infer<typeof backupStatusResponseSchema>;

/** GET /api/legal/retention: how many days appointment data is kept. */
export const retentionResponseSchema = z.object({ retentionDays: z.number() });
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;
