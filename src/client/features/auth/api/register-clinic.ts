import { useMutation } from '@tanstack/react-query';
import type { ClinicRegister, RegisterResponse } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/clinic/register (payload per spec part 1, 3). */
export const registerClinic = (body: ClinicRegister) => apiFetch<RegisterResponse>('/api/clinic/register', { body });

export function useRegisterClinic() {
  return useMutation({ mutationFn: registerClinic });
}
