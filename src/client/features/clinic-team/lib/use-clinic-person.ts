import { useQuery } from '@tanstack/react-query';
import type { ClinicPerson } from '../../../../shared/schemas/auth';
import { CLINIC_ROLES_MAY } from '../../../../shared/schemas/clinic-team';
import { authQueries } from '../../auth/api/keys';

/** What a role may do on the dashboard: the server's guards are the authority (docs/decisions/072-clinic-team.md). */
export interface ClinicPowers {
  person: ClinicPerson;
  /** Doctors, call settings, visiting hours, leave, Cancel Today's Calls, the account's notifications, the team list. */
  manage: boolean;
  /** The team's changes, the clinic account's password, its data export and deletion. */
  owner: boolean;
}

const may = (role: ClinicPerson['role'], roles: readonly string[]) => role === 'owner' || roles.includes(role);

/**
 * Who of the clinic is signed in, from GET /api/auth/me, and what their role allows. An answer kept on the device from
 * before teams existed names no person: it was the owner's.
 */
export function useClinicPowers(fallbackName: string): ClinicPowers {
  const me = useQuery(authQueries.me());
  const person = (me.data?.userType === 'clinic' ? me.data.person : undefined) ?? { name: fallbackName, role: 'owner' as const };
  return { person, manage: may(person.role, CLINIC_ROLES_MAY.manage), owner: person.role === 'owner' };
}
