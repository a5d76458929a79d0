import { useMutation } from '@tanstack/react-query';
import type { ClinicLoginResponse, Login } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/auth/login (clinic); the server sets the session cookie. Payload per spec part 1, 3. */
export const loginClinic = (body: Login) => apiFetch<ClinicLoginResponse>('/api/auth/login', { body });

export function useLoginClinic() {
  return useMutation({ mutationFn: loginClinic });
}
