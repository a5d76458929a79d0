import type { AdminRole } from '../../../shared/schemas/admin-team';

// Who makes a request, as its session says (docs/decisions/002-server-sessions.md), read once per request by the
// session store. Other modules import these through sessions.service.ts; the session queries (sessions.repo.ts) use
// them too, so they live apart from the service (a repo never imports its service).

// 'company': a pharma company's account (docs/decisions/087-company-accounts.md).
export type UserType = 'clinic' | 'medrep' | 'admin' | 'doctor' | 'company';

/** Who of a clinic acts (docs/decisions/072-clinic-team.md): the clinic account is the owner; members have a role. */
export type ClinicRole = 'owner' | 'manager' | 'reception';

/** The person behind an act, for the clinic's Activity log: the owner, a team member, or the doctor's own login. */
export interface ActingPerson {
  kind: ClinicRole | 'doctor';
  /** The clinic's id for the owner, the member's id, the doctor account's id. */
  id: number;
  name: string;
}

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
  /** A clinic session: the role of who signed in (decision 072). `id` is still the clinic's. */
  clinicRole?: ClinicRole;
  /** A clinic team member's session: the member's id (decision 072). */
  memberId?: number;
  /** Who acts, named in the clinic's Activity log (clinic and doctor sessions). */
  person?: ActingPerson;
}
