import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leaveQueries, type LeavePreviewQuery } from './keys';

/** The preview of `q` once the form has a valid who, from and to (undefined until then); the last count stays meanwhile. */
export function useLeavePreview(q: LeavePreviewQuery | undefined) {
  return useQuery({
    ...leaveQueries.preview(q ?? { clinicId: 0, from: '', to: '' }),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
  });
}
