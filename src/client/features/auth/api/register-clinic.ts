import { useMutation } from '@tanstack/react-query';
import type { ClinicRegister, RegisterResponse } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';
import { keepRegistrationToken } from '../lib/registration-token';

/** POST /api/clinic/register (payload per spec part 1, 3); this tab keeps the registration token. */
export async function registerClinic(body: ClinicRegister): Promise<RegisterResponse> {
  const answer = await apiFetch<RegisterResponse>('/api/clinic/register', { body });
  keepRegistrationToken('clinic', answer.email, answer.registrationToken);
  return answer;
}

export function useRegisterClinic() {
  return useMutation({ mutationFn: registerClinic });
}
