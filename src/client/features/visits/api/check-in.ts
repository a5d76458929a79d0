import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import type { CheckIn, CheckInResponse } from '../../../../shared/schemas/visits';
import { apiFetch } from '../../../lib/api';
import { checkInOrQueue } from '../../../lib/offline-check-in';
import { repAppointmentsKeyPrefix } from '../../booking/api/keys';
import { repVisitsKeyPrefix } from './keys';

/** POST /api/medrep/check-in: the code the reception shows, for the rep's visit of today (docs/decisions/041). */
export async function checkIn(input: CheckIn): Promise<CheckInResponse> {
  return apiFetch<CheckInResponse>('/api/medrep/check-in', { method: 'POST', body: input });
}

/**
 * Checks in, then refreshes My Appointments and the Visit History. Without a network the code waits in the device
 * queue with the time it was typed and is sent when the network returns (docs/decisions/041); run even offline, so
 * it never pauses with the button spinning.
 */
export function useCheckIn(repId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ appointment, code }: { appointment: RepAppointment; code: string }) => checkInOrQueue({ repId, appointment, code }, checkIn),
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: repAppointmentsKeyPrefix }), qc.invalidateQueries({ queryKey: repVisitsKeyPrefix })]);
    },
  });
}
