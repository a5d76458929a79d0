import { useMutation } from '@tanstack/react-query';
import type { CompanyLoginResponse, Login } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

/** POST /api/company/login (docs/decisions/087); the server sets the session cookie. */
export const loginCompany = (body: Login) => apiFetch<CompanyLoginResponse>('/api/company/login', { body });

export function useLoginCompany() {
  return useMutation({ mutationFn: loginCompany });
}
