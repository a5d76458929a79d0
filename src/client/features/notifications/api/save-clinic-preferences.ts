import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicPreferences, ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';
import { clinicPreferencesKey } from './keys';

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
      const previous = qc.getQueryData<ClinicPreferencesResponse>(clinicPreferencesKey);
      if (previous)
        qc.setQueryData<ClinicPreferencesResponse>(clinicPreferencesKey, {
          ...previous,
          emailNotifications: next.emailNotifications,
          smsNotifications: next.smsNotifications,
          ...(next.whatsappNotifications === false ? { whatsappNotifications: false, whatsappNumber: null } : {}),
        });
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) qc.setQueryData(clinicPreferencesKey, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(clinicPreferencesKey, saved),
  });
}
