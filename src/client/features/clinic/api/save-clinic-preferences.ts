import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicPreferences } from '../../../../shared/schemas/clinic';
import { clinicKeys } from './clinic-query-keys';

/** PUT /api/clinic/preferences; the boxes change at once and roll back when the server refuses. */
export const saveClinicPreferences = (input: ClinicPreferences) => apiFetch<ClinicPreferences>('/api/clinic/preferences', { method: 'PUT', body: input });

export function useSaveClinicPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClinicPreferences,
    onMutate: (next) => {
      const previous = qc.getQueryData<ClinicPreferences>(clinicKeys.preferences);
      qc.setQueryData(clinicKeys.preferences, next);
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) qc.setQueryData(clinicKeys.preferences, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(clinicKeys.preferences, saved),
  });
}
