import { useMutation } from '@tanstack/react-query';
import type { RegisterResponse, RepRegister } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';
import { keepRegistrationToken } from '../lib/registration-token';

/** POST /api/medrep/register (payload per spec part 1, 3: confirmPassword is removed before sending); this tab keeps the registration token. */
export async function registerRep(body: RepRegister): Promise<RegisterResponse> {
  const answer = await apiFetch<RegisterResponse>('/api/medrep/register', { body });
  keepRegistrationToken('medrep', answer.email, answer.registrationToken);
  return answer;
}

export function useRegisterRep() {
  return useMutation({ mutationFn: registerRep });
}
