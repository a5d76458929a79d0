// spec part 1, 7 and part 2, 7 (Caching): the rep dashboard overrides the general client's defaults with
// infinite staleness, no retries and no refetch on focus. Every rep query spreads these.
export const repQueryDefaults = {
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  // Decision 010: run even when the browser says offline, so the query function can answer from the offline cache.
  networkMode: 'always',
} as const;
