import { useQuery } from '@tanstack/react-query';
import { authQueries } from '../../auth/api/keys';

/**
 * Whether the signed-in person of the clinic may read its Activity log: the owner and managers, not reception (the
 * server answers 403 forbidden_role to them; docs/decisions/072, 075). Read from GET /api/auth/me's `person.role`; an
 * answer without one (before the clinic team's session shape) is the owner's.
 */
export function useCanSeeActivity(): boolean {
  const me = useQuery(authQueries.me());
  // Lead: once /api/auth/me's clinic answer carries `person` in its type (decision 072), read `me.data.person.role`.
  const person = (me.data as { person?: { role?: string } } | null | undefined)?.person;
  return person?.role !== 'reception';
}
