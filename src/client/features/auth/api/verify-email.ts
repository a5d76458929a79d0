import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';

export const verifyEmail = (body: { token: string; type: string }) => apiFetch<MessageResponse>('/api/verify-email', { body });
