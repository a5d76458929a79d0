import { useMutation } from '@tanstack/react-query';
import type { RegisterResponse, RepRegister } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/medrep/register (payload per spec part 1, 3: confirmPassword is removed before sending). */
export const registerRep = (body: RepRegister) => apiFetch<RegisterResponse>('/api/medrep/register', { body });

export function useRegisterRep() {
  return useMutation({ mutationFn: registerRep });
}
