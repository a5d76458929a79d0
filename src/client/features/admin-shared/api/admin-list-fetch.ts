import { infiniteQueryOptions, keepPreviousData, type QueryKey } from '@tanstack/react-query';
import type { ListTotal } from '../../../../shared/schemas/pagination';
import { adminFetch, adminQueryDefaults } from './admin-fetch';

// The admin lists a page at a time (docs/decisions/022): the filters go to the server in the query string, each
// page brings `nextCursor`, and the first one the total matching the filters.

type Filter = Record<string, string | undefined>;

/** `path?filters` with empty filters left out (the server reads an empty field as no filter anyway). */
export function listUrl(path: string, filter: Filter, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface ListPage {
  nextCursor: string | null;
  total?: ListTotal;
}

/**
 * The infinite-query options of one list, for an area's query factory: a page per cursor; while the filters change
 * the rows already shown stay until the new ones come, so the list does not flash empty at each key typed. The key is
 * `[...queryKey, filter]`, so `queryKey` alone invalidates every filter of the list.
 */
export function adminListOptions<P extends ListPage>(queryKey: QueryKey, path: string, filter: Filter) {
  return infiniteQueryOptions({
    ...adminQueryDefaults,
    queryKey: [...queryKey, filter],
    // A superseded search's request is cancelled rather than left to finish.
    queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) => adminFetch<P>(listUrl(path, filter, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
