import { Mail, UserCheck, UserX } from 'lucide-react';
import type { ClinicMemberRole, ClinicTeamMember } from '../../../../shared/schemas/clinic-team';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/ui/email-address';
import { NativeSelect } from '../../../components/ui/native-select';
import { useI18n } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/intl-format';
import { ROLE_LABEL, STATUS_BADGE } from '../lib/role-words';

/**
 * One person of the team: name, e-mail, role, status and last sign-in. With `actions` (the owner's view, and never on
 * the owner's own row): the role, deactivate or reactivate, and a new invitation link for one not yet accepted.
 */
export function MemberRow({
  member,
  actions,
}: {
  member: ClinicTeamMember;
  actions?: {
    onRole: (role: ClinicMemberRole) => void;
    onToggleActive: () => void;
    onResend: () => void;
    busy: boolean;
  };
}) {
  const { i18n } = useI18n();
  const status = STATUS_BADGE[member.status];
  const editable = actions && member.role !== 'owner';
  return (
    <li className="grid gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="team-member">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-white">{member.name}</span>
          <Badge tone={member.role === 'owner' ? 'info' : 'neutral'}>{i18n._(ROLE_LABEL[member.role])}</Badge>
          <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
          <EmailAddress address={member.email} />
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {member.lastSignInAt ? i18n._('Last sign-in: {when}', { when: formatDateTime(member.lastSignInAt) }) : i18n._('Not signed in yet')}
        </p>
      </div>
      {editable && (
        <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
          <label className="sr-only" htmlFor={`role-${member.id}`}>
            {i18n._('Role of {name}', { name: member.name })}
          </label>
          <NativeSelect
            id={`role-${member.id}`}
            className="sm:!w-40"
            value={member.role}
            disabled={actions.busy || member.status === 'inactive'}
            onChange={(e) => actions.onRole(e.target.value as ClinicMemberRole)}
          >
            <option value="reception">{i18n._(ROLE_LABEL.reception)}</option>
            <option value="manager">{i18n._(ROLE_LABEL.manager)}</option>
          </NativeSelect>
          {member.status === 'invited' && (
            <Button variant="secondary" size="sm" onClick={actions.onResend} disabled={actions.busy}>
              <Mail className="h-4 w-4" aria-hidden />
              {i18n._('Send again')}
            </Button>
          )}
          {member.status === 'inactive' ? (
            <Button variant="secondary" size="sm" onClick={actions.onToggleActive} disabled={actions.busy}>
              <UserCheck className="h-4 w-4" aria-hidden />
              {i18n._('Reactivate')}
            </Button>
          ) : (
            <Button variant="destructive" size="sm" onClick={actions.onToggleActive} disabled={actions.busy}>
              <UserX className="h-4 w-4" aria-hidden />
              {i18n._('Deactivate')}
            </Button>
          )}
        </div>
      )}
      {!editable && actions && member.role === 'owner' && (
        <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">{i18n._('You (the clinic account)')}</p>
      )}
    </li>
  );
}
