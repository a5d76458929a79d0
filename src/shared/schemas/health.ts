import { z } from 'zod';

/** GET /api/health (readiness): 200 'healthy' when this instance can serve, 503 'critical' or 'draining' otherwise. */
export const healthResponseSchema = z.object({ status: z.enum(['healthy', 'critical', 'draining']), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What readiness checks (docs/decisions/059): the database answers, its migrations are applied, the outbox worker runs. */
export const readinessCheckSchema = z.enum(['database', 'migrations', 'outbox']);
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * The 503 also carries every error answer's message and code (ARCHITECTURE rule 4), and which checks failed (none
 * while draining before a stop, when every check may still pass).
 */
export const healthUnavailableResponseSchema = healthResponseSchema.extend({
  notReady: z.array(readinessCheckSchema),
  message: z.string(),
  code: z.literal('service_unavailable'),
});

/** GET /api/health/live (liveness): the process answers; nothing else is checked. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
