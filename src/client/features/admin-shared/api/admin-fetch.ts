import { ApiError, apiFetch, type ApiOptions } from '../../../lib/api';

// Every admin call goes through here: a 401 means the admin session ended (30 minutes idle, logout in another
// tab), so the gate is shown again.

export const ADMIN_UNAUTHORIZED_EVENT = 'admin:unauthorized';

export async function adminFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, opts);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) window.dispatchEvent(new Event(ADMIN_UNAUTHORIZED_EVENT));
    throw err;
  }
}

/** Admin data is read on demand; a 4xx is an answer, not something to retry. */
export const adminQueryDefaults = {
  retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2,
  refetchOnWindowFocus: false,
} as const;
