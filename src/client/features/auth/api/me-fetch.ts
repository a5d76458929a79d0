import { ApiError, apiFetch } from '../../../lib/api';
import { setCachedData, withOfflineCache } from '../../../lib/offline-cache';
import type { ClinicUser, MeResponse, RepUser } from '../../../../shared/schemas/auth';

// The session's fetch helper, beneath authQueries.me (docs/decisions/067); offline-sync asks it directly. The answer's
// types are the server's response schemas (src/shared/schemas/auth.ts).
export type ClinicSessionUser = ClinicUser;
export type RepSessionUser = RepUser;
export type Me = MeResponse;

// The session answer kept on the device (decision 010): what opens the dashboard after a reload without a network.
const ME_CACHE_KEY = 'auth:me';

/** Who is signed in, from the server session (GET /api/auth/me); null when nobody is. */
export async function getMe(): Promise<Me | null> {
  try {
    // Decision 010: without a network the last answer (up to 60 minutes old) lets a rep open the dashboard offline.
    return await withOfflineCache(ME_CACHE_KEY, () => apiFetch<Me>('/api/auth/me'));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/**
 * Keeps a session the server answered some other way (a login's answer) on the device, as a read of the session
 * would: without it a reload offline finds no session and sends a signed-in rep to the login page (decision 047).
 */
export async function rememberSession(session: Me): Promise<void> {
  await setCachedData(ME_CACHE_KEY, session);
}
