import { apiFetch } from '../../../lib/api';

export const verifyEmail = (body: { token: string; type: string }) =>
  apiFetch<{ message: string }>('/api/verify-email', { body });
