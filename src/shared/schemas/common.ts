import { z } from 'zod';

/** Every non-2xx answer (ARCHITECTURE rule 4): the spec's message, and a stable code where there is one. */
export const errorResponseSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A 2xx answer that only says what happened (the spec's success texts). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
