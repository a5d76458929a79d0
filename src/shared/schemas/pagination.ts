import { z } from 'zod';

/**
 * Keyset pagination of every list the admin side reads (ARCHITECTURE rule 15, docs/decisions/022):
 * `?limit=` (default 50, at most 200) and `?cursor=` in, `{ <list>, nextCursor }` out. The cursor is opaque to
 * the client: it hands back what the last page gave it and nothing else.
 */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(512).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `nextCursor` is null on the last page. */
export const nextCursorSchema = z.string().nullable();

/**
 * A count shown beside a list: exact where counting is cheap, else the planner's estimate, labelled so that the
 * screen can say "about".
 */
export const listTotalSchema = z.object({ count: z.number().int().nonnegative(), exact: z.boolean() });
export type ListTotal = z.infer<typeof listTotalSchema>;
