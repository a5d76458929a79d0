import { useMutation } from '@tanstack/react-query';
import type { CompanyRegister, RegisterResponse } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';
import { keepRegistrationToken } from '../lib/registration-token';

/** POST /api/company/register (docs/decisions/087); this tab keeps the registration token for the code step. */
export async function registerCompany(body: CompanyRegister): Promise<RegisterResponse> {
  const answer = await apiFetch<RegisterResponse>('/api/company/register', { body });
  keepRegistrationToken('company', answer.email, answer.registrationToken);
  return answer;
}

export function useRegisterCompany() {
  return useMutation({ mutationFn: registerCompany });
}
