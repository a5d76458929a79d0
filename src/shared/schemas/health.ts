import { z } from 'zod';

/** GET /api/health: 200 'healthy' when the database answers, 503 'critical' otherwise (the same shape). */
export const healthResponseSchema = z.object({ status: z.enum(['healthy', 'critical']), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The 503 also carries every error answer's message and code (ARCHITECTURE rule 4). */
export const healthUnavailableResponseSchema = healthResponseSchema.extend({ message: z.string(), code: z.literal('service_unavailable') });
