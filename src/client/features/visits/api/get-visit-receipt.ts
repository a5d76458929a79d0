import { useMutation } from '@tanstack/react-query';
import type { ReceiptResponse } from '../../../../shared/schemas/visits';
import { apiFetch } from '../../../lib/api';

/** GET /api/medrep/visits/{id}/receipt: the signed proof of a visit the rep checked in to (docs/decisions/041). */
export async function getVisitReceipt(appointmentId: number): Promise<string> {
  const res = await apiFetch<ReceiptResponse>(`/api/medrep/visits/${appointmentId}/receipt`);
  return res.receipt;
}

/** Asked for when the rep opens the proof (a mutation: fetched on a press, never kept or refetched). */
export function useVisitReceipt() {
  return useMutation({ mutationFn: getVisitReceipt });
}
