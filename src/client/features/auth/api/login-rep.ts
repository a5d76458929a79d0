import { useMutation } from '@tanstack/react-query';
import type { Login, RepLoginResponse } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/medrep/login; the server sets the session cookie. Payload per spec part 1, 3. */
export const loginRep = (body: Login) => apiFetch<RepLoginResponse>('/api/medrep/login', { body });

export function useLoginRep() {
  return useMutation({ mutationFn: loginRep });
}
