import type { AdminRole } from '../../../shared/schemas/admin-team';

// Who makes a request, as its session says (docs/decisions/002-server-sessions.md), read once per request by the
// session store. Other modules import these through sessions.service.ts; the session queries (sessions.repo.ts) use
// them too, so they live apart from the service (a repo never imports its service).

export type UserType = 'clinic' | 'medrep' | 'admin';

/** The admin acting (docs/decisions/042-admin-team.md): a named admin, or the single-password session (id 0). */
export interface AdminActor {
  id: number;
  name: string;
  role: AdminRole;
}

export interface Actor {
  type: UserType;
  id: number; // the admin's id; 0 for the single-password session
  sessionId: string;
  termsAccepted: boolean;
  /** Set for an admin session: who acts, read from `admins` on every request (deactivation ends it at once). */
  admin?: AdminActor;
  /** The account's language (docs/decisions/045): its answers come in it; null until chosen. */
  language?: string | null;
}
