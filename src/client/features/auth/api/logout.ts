import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** Ends the session on the server (POST /api/auth/logout) and forgets every cached answer. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ message: string }>('/api/auth/logout', { method: 'POST', body: {} }),
    onSettled: () => qc.clear(),
  });
}
