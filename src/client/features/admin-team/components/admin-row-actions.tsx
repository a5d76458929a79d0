import { KeyRound, Power } from 'lucide-react';
import type { AdminTeamMember } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

/**
 * Deactivate or Reactivate, and Reset two-factor (or, for someone who has not enrolled yet, Resend invitation: the
 * same new link). Not on one's own row: the server refuses an owner locking themselves out.
 */
export function AdminRowActions({
  admin,
  self,
  onToggleActive,
  onResetTwoFactor,
}: {
  admin: AdminTeamMember;
  self: boolean;
  onToggleActive: () => void;
  onResetTwoFactor: () => void;
}) {
  const { i18n } = useI18n();
  if (self) return <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._('Your account')}</span>;
  const inactive = admin.status === 'inactive';
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={onToggleActive}
        aria-label={inactive ? i18n._('Reactivate {name}', { name: admin.name }) : i18n._('Deactivate {name}', { name: admin.name })}
      >
        <Power className="h-4 w-4" aria-hidden />
        {inactive ? i18n._('Reactivate') : i18n._('Deactivate')}
      </Button>
      {!inactive && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onResetTwoFactor}
          aria-label={
            admin.status === 'invited'
              ? i18n._('Resend invitation to {name}', { name: admin.name })
              : i18n._('Reset two-factor of {name}', { name: admin.name })
          }
        >
          <KeyRound className="h-4 w-4" aria-hidden />
          {admin.status === 'invited' ? i18n._('Resend invitation') : i18n._('Reset two-factor')}
        </Button>
      )}
    </div>
  );
}
