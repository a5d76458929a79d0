import { useMutation } from '@tanstack/react-query';
import type { WhatsAppNumberCode, WhatsAppNumberCodeResponse } from '../../../../shared/schemas/whatsapp';
import { apiFetch } from '../../../lib/api';

/** POST /api/whatsapp/number-code: sends a 6-digit code on WhatsApp to a number to confirm, the account's own or another. */
export const sendWhatsAppNumberCode = (input: WhatsAppNumberCode) =>
  apiFetch<WhatsAppNumberCodeResponse>('/api/whatsapp/number-code', { method: 'POST', body: input });

export function useSendWhatsAppNumberCode() {
  return useMutation({ mutationFn: sendWhatsAppNumberCode });
}
