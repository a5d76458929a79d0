import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ClinicActivityResponse } from '../../../../shared/schemas/clinic-activity';
import { fetchClinicActivity } from './clinic-activity-fetch';

// Query keys and queryOptions factories of the clinic's Activity log (docs/decisions/075): a leaf any domain may import
// to read or invalidate it (docs/decisions/066, 067); a change elsewhere may invalidate `clinicActivityKeys.all`.

export const clinicActivityKeys = {
  /** every page of the clinic's log */
  all: (clinicId: number) => ['clinic', clinicId, 'activity'] as const,
};

export const clinicActivityQueries = {
  /** The log newest first, a page per cursor; read afresh each time the tab opens (someone else may have acted). */
  list: (clinicId: number) =>
    infiniteQueryOptions({
      queryKey: clinicActivityKeys.all(clinicId),
      queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) => fetchClinicActivity({ cursor: pageParam, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: ClinicActivityResponse) => last.nextCursor ?? undefined,
      staleTime: 0,
    }),
};
