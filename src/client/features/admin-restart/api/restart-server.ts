import { useMutation } from '@tanstack/react-query';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import type { MessageResponse } from '../../../../shared/schemas/common';

/** POST /api/admin/restart-server: 202, then the server closes and its supervisor starts it again. */
export const restartServer = () => adminFetch<MessageResponse>('/api/admin/restart-server', { method: 'POST', body: {} });

/** Resolves once GET /api/health answers 200 after having stopped answering (or after `minWaitMs`). */
export async function waitForHealthy({ timeoutMs = 120_000, minWaitMs = 3_000, intervalMs = 1_000 } = {}): Promise<boolean> {
  const started = Date.now();
  let sawDown = false;
  while (Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, intervalMs));
    let up = false;
    try {
      up = (await fetch('/api/health', { cache: 'no-store' })).ok;
    } catch {
      up = false;
    }
    if (!up) sawDown = true;
    else if (sawDown || Date.now() - started >= minWaitMs) return true;
  }
  return false;
}

export function useRestartServer() {
  return useMutation({ mutationFn: restartServer });
}
