import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicPreferences, ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';
import { clinicKeys } from './clinic-query-keys';

/** PUT /api/clinic/preferences */
export const saveClinicPreferences = (input: ClinicPreferences) =>
  apiFetch<ClinicPreferencesResponse>('/api/clinic/preferences', { method: 'PUT', body: input });

/**
 * The boxes change at once and roll back when the server refuses. WhatsApp changes at once only when it is turned
 * off: turning it on waits for the server, which checks the number and its code (docs/decisions/044-whatsapp.md).
 */
export function useSaveClinicPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClinicPreferences,
    onMutate: (next) => {
      const previous = qc.getQueryData<ClinicPreferencesResponse>(clinicKeys.preferences);
      if (previous)
        qc.setQueryData<ClinicPreferencesResponse>(clinicKeys.preferences, {
          ...previous,
          emailNotifications: next.emailNotifications,
          smsNotifications: next.smsNotifications,
          ...(next.whatsappNotifications === false ? { whatsappNotifications: false, whatsappNumber: null } : {}),
        });
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) qc.setQueryData(clinicKeys.preferences, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(clinicKeys.preferences, saved),
  });
}
