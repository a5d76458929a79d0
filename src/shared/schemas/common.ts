import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/**
 * Every non-2xx answer (ARCHITECTURE rule 4): the spec's message, and a code of src/shared/errors.ts. A
 * validation error also names the field that failed (`field`, a dotted path).
 */
export const errorResponseSchema = z.object({ message: z.string(), code: z.enum(ERROR_CODES).optional(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The error answers of a route, for `schema.response` beside its 2xx answers. */
export const errorResponses = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;

/** A 2xx answer that only says what happened (the spec's success texts). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
