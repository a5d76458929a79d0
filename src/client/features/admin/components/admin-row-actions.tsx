import { KeyRound, Power } from 'lucide-react';
import type { AdminTeamMember } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';

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
  if (self) return <span className="text-xs text-slate-500 dark:text-slate-400">Your account</span>;
  const inactive = admin.status === 'inactive';
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={onToggleActive} aria-label={`${inactive ? 'Reactivate' : 'Deactivate'} ${admin.name}`}>
        <Power className="h-4 w-4" aria-hidden />
        {inactive ? 'Reactivate' : 'Deactivate'}
      </Button>
      {!inactive && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onResetTwoFactor}
          aria-label={`${admin.status === 'invited' ? 'Resend invitation to' : 'Reset two-factor of'} ${admin.name}`}
        >
          <KeyRound className="h-4 w-4" aria-hidden />
          {admin.status === 'invited' ? 'Resend invitation' : 'Reset two-factor'}
        </Button>
      )}
    </div>
  );
}
