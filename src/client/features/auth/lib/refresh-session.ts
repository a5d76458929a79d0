import type { QueryClient } from '@tanstack/react-query';
import { rememberSession, type Me } from '../api/me-fetch';
import { meQueryKey } from '../api/keys';

/**
 * After a login, before the dashboard opens: the session cache holds the new session, as the login answered it (the
 * user, the terms accepted), so the dashboard's guard reads it at once, without another round trip. An earlier
 * "nobody signed in" (kept from the 'Session Expired' or 'Access Restricted' visit, or from before a declined
 * agreement) is replaced, and a read of the session begun before the login is cancelled first, so its late "nobody"
 * cannot land over the new session and send the user away again (decision 019). The answer is kept on the device
 * too, as a read of the session would keep it, so the dashboard opens after a reload offline (decisions 010, 047).
 */
export async function storeSignedInSession(qc: QueryClient, session: Me): Promise<void> {
  await qc.cancelQueries({ queryKey: meQueryKey });
  qc.setQueryData<Me | null>(meQueryKey, session);
  await rememberSession(session);
}
