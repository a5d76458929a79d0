import type { ClinicRoleName } from '../../../../shared/schemas/clinic-team';

// The words of the team's roles and statuses, translated where they are shown (docs/decisions/072-clinic-team.md).

export const ROLE_LABEL: Record<ClinicRoleName, string> = {
  owner: /*i18n*/ 'Owner',
  manager: /*i18n*/ 'Manager',
  reception: /*i18n*/ 'Reception',
};

export const STATUS_BADGE = {
  active: { label: /*i18n*/ 'Active', tone: 'success' },
  invited: { label: /*i18n*/ 'Invited', tone: 'warning' },
  inactive: { label: /*i18n*/ 'Inactive', tone: 'danger' },
} as const;
