import { useMutation } from '@tanstack/react-query';
import type { Login } from '../../../../shared/schemas/auth';
import type { DoctorLoginResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';

/** POST /api/doctor/login; the server sets the session cookie (docs/decisions/073). */
export const loginDoctor = (body: Login) => apiFetch<DoctorLoginResponse>('/api/doctor/login', { body });

export function useLoginDoctor() {
  return useMutation({ mutationFn: loginDoctor });
}
